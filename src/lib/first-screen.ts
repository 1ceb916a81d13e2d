/**
 * Marks the <source> that holds a picture back until the page's first screen is shown
 * (WaitForFirstScreen.astro); the page's loader removes every such source then
 * (src/integrations/after-first-screen.ts).
 */
export const WAITS_FOR_FIRST_SCREEN = 'data-waits-for-first-screen';
