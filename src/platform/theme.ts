// The site's two themes and the visitor's choice between them: light, dark or system (the device's
// preference), one value in localStorage for the whole site; with no choice the main site is dark
// and the shop light (SPEC section 2). applyStoredTheme and wireThemeControl run inline (in <head>
// and the page's first script), so the theme and the menu hold from the first paint: they use
// nothing from outside their own bodies and get what they need as arguments.

/** A theme the styles know (src/styles/global.css). */
export type Theme = 'light' | 'dark';
/** What a visitor can choose in the nav. */
export type ThemeChoice = Theme | 'system';

/** The localStorage key of the visitor's choice. */
export const THEME_KEY = 'theme';

/** The choices in the order the menu lists them, with their labels. */
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** The browser's colour for its own frame (meta theme-color): each theme's page background. */
export const THEME_COLORS: Record<Theme, string> = { dark: '#0f1117', light: '#fbfaf5' };

/** The choice stored, or null when there is none (or it is not one of the three). */
export function themeChoiceOf(stored: string | null): ThemeChoice | null {
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : null;
}

/**
 * The theme a page shows: the visitor's light or dark; under system, the device's preference; with
 * no choice, the page's own default (dark on the main site, light in the shop).
 */
export function themeFor(choice: ThemeChoice | null, pageDefault: Theme, prefersDark: boolean): Theme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice ?? pageDefault;
}

/** What a screen reader hears when the visitor chooses: "Light theme", "System theme (dark)". */
export function themeAnnouncement(choice: ThemeChoice, theme: Theme): string {
  return choice === 'system' ? `System theme (${theme})` : `${choice === 'light' ? 'Light' : 'Dark'} theme`;
}

declare global {
  interface Window {
    /**
     * Applies the stored choice to the page again, or `chosen` where storage keeps nothing, and
     * answers the theme shown (set by applyStoredTheme).
     */
    applyTheme?: (chosen?: ThemeChoice) => Theme;
  }
}

/**
 * Applies the choice stored under `key` to the page: <html data-theme> (what the styles read),
 * `data-theme-choice` (the choice the menu shows: the theme itself when none is stored) and the
 * theme-color. Again when the device's preference changes (under system) and when another tab
 * chooses. Runs inline in <head>, before anything paints, as `(${applyStoredTheme})(…)`; the page's
 * default is <html data-theme-default>.
 */
export function applyStoredTheme(
  key: string,
  choiceOf: typeof themeChoiceOf,
  themeOf: typeof themeFor,
  colors: Record<Theme, string>,
): void {
  const root = document.documentElement;
  const pageDefault: Theme = root.dataset.themeDefault === 'light' ? 'light' : 'dark';
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  // What the visitor chose on this page, for when storage is off (privacy modes) and keeps nothing.
  let chosen: ThemeChoice | null = null;
  const apply = (picked?: ThemeChoice): Theme => {
    if (picked) chosen = picked;
    let stored: string | null = chosen;
    try {
      stored = localStorage.getItem(key) ?? chosen;
    } catch {
      // storage off: this page's choice, else the page's default
    }
    const choice = choiceOf(stored);
    const theme = themeOf(choice, pageDefault, dark.matches);
    root.dataset.theme = theme;
    root.dataset.themeChoice = choice ?? theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colors[theme]);
    return theme;
  };
  window.applyTheme = apply;
  apply();
  dark.addEventListener('change', () => apply());
  window.addEventListener('storage', (event) => {
    if (event.key === key || event.key === null) apply();
  });
}

/**
 * Wires the nav's theme menu: its radio for the choice shown is checked, and choosing one stores it,
 * applies it (applyStoredTheme's `applyTheme`) and says so in the menu's status line. Keeps the
 * radios in step when the choice changes elsewhere (another tab). Runs inline in the page's first
 * script, right after the nav, as `(${wireThemeControl})(…)`: the menu answers from the first paint.
 */
export function wireThemeControl(key: string, announcement: typeof themeAnnouncement): void {
  const control = document.querySelector('[data-theme-control]');
  if (!control) return;
  const root = document.documentElement;
  const radios = [...control.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const status = control.querySelector('[data-theme-status]');
  const show = () => {
    for (const radio of radios) radio.checked = radio.value === root.dataset.themeChoice;
  };
  show();
  new MutationObserver(show).observe(root, { attributes: true, attributeFilter: ['data-theme-choice'] });
  control.addEventListener('change', (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || !radios.includes(radio)) return;
    const choice = radio.value as ThemeChoice;
    try {
      localStorage.setItem(key, choice);
    } catch {
      // storage off: the choice holds for this page
    }
    const theme = window.applyTheme?.(choice);
    if (status && theme) status.textContent = announcement(choice, theme);
  });
}
