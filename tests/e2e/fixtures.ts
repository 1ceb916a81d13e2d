// The browser tests' `test`: Playwright's, whose page waits, after each navigation to one of our
// pages, until the site script has wired it (html[data-ready]). A page asks for that script after
// its first paint (src/integrations/after-first-screen.ts), so the load event does not
// mean the nav's buttons, the dialogs and the forms answer.
import { type Page, test as base } from '@playwright/test';

/** Waits until the page, if it is one of ours (it has the site's loader), is wired. */
export async function siteReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-ready') ||
      !document.querySelector('script[type="module"]:not([src])'),
  );
}

/**
 * Waits until the page has loaded all it loads before any interaction (html[data-loaded]: its
 * islands' code, each rendered) and shows what its features fetched: no "Loading ..." note is left
 * in <main>. Tests that count a page's scripts or judge what it finally shows wait for this.
 */
export async function siteLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-loaded') &&
      !(document.querySelector('main')?.innerText ?? '')
        .split('\n')
        .some((line) => /^Loading .+(\.\.\.|…)$/.test(line.trim())),
  );
}

/**
 * Makes `page` wait, after each goto and reload, until the site script has wired the page. The
 * test's own page does; a test that opens another (a second visitor's browser) passes it here.
 */
export function waitsForSite(page: Page): Page {
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await siteReady(page);
      return response;
    };
  }
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitsForSite(page));
  },
});
