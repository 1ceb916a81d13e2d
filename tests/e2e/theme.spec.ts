// The theme switch in the nav: light, dark or system, kept in this browser for the whole
// site, applied before the first paint, said to screen readers, answering before the site script;
// and every page AA-clean in the theme it does not show by default.
import { type Page, expect, test as plain } from '@playwright/test';
import { SHOP_HOME } from '../../src/lib/features.ts';
import { ANSWERS } from '../../src/features/word-game/answers.ts';
import { THEME_COLORS, THEME_KEY } from '../../src/platform/theme.ts';
import { features, switchedOff } from '../site-config.ts';
import { siteLoaded, test } from './fixtures.ts';
import { COLOUR_RULES, demoSession, expectNoAxeViolations, firstVisit, watchForErrors } from './helpers.ts';
import { GUARDED_PAGES, PUBLIC_PAGES, defaultThemeOf, otherThemeOf } from './routes.ts';

/** Each theme's page background, as getComputedStyle answers it (global.css). */
const BACKGROUND = { dark: 'rgb(15, 17, 23)', light: 'rgb(251, 250, 245)' } as const;

function themeMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Site' });
  return { button: nav.getByRole('button', { name: 'Theme' }), choices: nav.getByRole('group', { name: 'Theme' }) };
}

/** Opens the nav's theme menu and chooses `label`. */
async function choose(page: Page, label: 'Light' | 'Dark' | 'System') {
  const { button, choices } = themeMenu(page);
  await button.click();
  await choices.getByRole('radio', { name: label }).check();
}

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND[theme]);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', THEME_COLORS[theme]);
}

/** Keeps `choice` in this browser before any page of the site runs, as a visitor who chose earlier has it. */
async function storeChoice(page: Page, choice: string) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, choice]);
}

test.describe('the theme menu', () => {
  test('is in the nav of the main site and the shop, with the page’s own theme checked', async ({ page }) => {
    const errors = watchForErrors(page);
    for (const path of ['/', ...(features.shop ? [SHOP_HOME] : [])]) {
      await page.goto(path);
      const theme = defaultThemeOf(path);
      await expectTheme(page, theme);
      const { button, choices } = themeMenu(page);
      await expect(choices).toBeHidden();
      await button.click();
      await expect(choices.getByRole('radio')).toHaveCount(3);
      for (const name of ['Light', 'Dark', 'System']) await expect(choices.getByRole('radio', { name })).toBeVisible();
      await expect(choices.getByRole('radio', { name: theme === 'light' ? 'Light' : 'Dark' })).toBeChecked();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(choices).toBeHidden();
      await expect(button).toBeFocused();
    }
    expect(errors).toEqual([]);
  });

  test('light chosen on the home page holds after a reload, on the next page and in the shop', async ({ page }) => {
    await page.goto('/');
    await choose(page, 'Light');
    await expectTheme(page, 'light');
    await expect(page.getByRole('status').filter({ hasText: 'Light theme' })).toHaveCount(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('light');
    await page.reload();
    await expectTheme(page, 'light');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectTheme(page, 'light');
    await themeMenu(page).button.click();
    await expect(themeMenu(page).choices.getByRole('radio', { name: 'Light' })).toBeChecked();
    // A choice is the visitor's for the whole site: dark chosen here is dark in the light shop too.
    if (features.shop) {
      await page.keyboard.press('Escape');
      await choose(page, 'Dark');
      await page.goto(SHOP_HOME);
      await expectTheme(page, 'dark');
    }
  });

  test('system follows the device, as it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expectTheme(page, 'dark');
    await choose(page, 'System');
    await expectTheme(page, 'light');
    await expect(page.getByRole('status').filter({ hasText: 'System theme (light)' })).toHaveCount(1);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expectTheme(page, 'light');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
  });

  test('is a menu of radios a keyboard walks, each choice said to screen readers', async ({ page }) => {
    await page.goto('/about');
    const { button, choices } = themeMenu(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(choices).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(choices.getByRole('radio', { name: 'Dark' })).toBeFocused();
    const status = page.locator('[data-theme-status]');
    await expect(status).toHaveAttribute('role', 'status');
    await page.keyboard.press('ArrowDown');
    await expect(choices.getByRole('radio', { name: 'System' })).toBeChecked();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(choices.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(status).toHaveText('Light theme');
    await expectTheme(page, 'light');
  });

  test('fits the phone’s bar beside the Menu button, on the main site and in the shop, and works there', async ({
    page,
  }) => {
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', ...(features.shop ? [SHOP_HOME] : [])]) {
        await page.goto(path);
        const { button } = themeMenu(page);
        const brand = page.getByRole('navigation', { name: 'Site' }).getByRole('link').first();
        const menu = page.getByRole('button', { name: 'Menu' });
        const box = async (locator: typeof button) => (await locator.boundingBox())!;
        const [brandBox, menuBox, themeBox] = [await box(brand), await box(menu), await box(button)];
        // One row: the name, then the Menu button and the theme button side by side, all on the screen.
        expect(themeBox.y, `${path} at ${width}px`).toBe(menuBox.y);
        expect(menuBox.y, `${path} at ${width}px`).toBeLessThan(brandBox.y + brandBox.height);
        expect(brandBox.x + brandBox.width).toBeLessThanOrEqual(menuBox.x);
        expect(themeBox.x + themeBox.width).toBeLessThanOrEqual(width);
      }
    }
    await page.goto('/');
    const { button, choices } = themeMenu(page);
    await button.click();
    await choices.getByRole('radio', { name: 'Light' }).check();
    await expectTheme(page, 'light');
    const radioBox = (await choices.getByRole('radio', { name: 'Light' }).boundingBox())!;
    expect(radioBox.x).toBeGreaterThanOrEqual(0);
    expect(radioBox.x + radioBox.width).toBeLessThanOrEqual(390);
  });
});

plain.describe('before the first paint and the site script', () => {
  plain('a stored choice is the theme of the first frame: set in <head>, before <body> is parsed', async ({ page }) => {
    await storeChoice(page, 'light');
    // Notes the theme when <body> is first in the document, before any script of the body has run.
    await page.addInitScript(() => {
      const seen = window as unknown as { themeAtBody?: string };
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        seen.themeAtBody = document.documentElement.dataset.theme;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    // The site script never comes: what the page shows is the first frame's.
    await page.route('**/_astro/*.js', () => undefined);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody)).toBe('light');
    await expectTheme(page, 'light');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
  });

  plain('the menu answers before the site script, once, and the choice holds when it comes', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await choose(page, 'Light');
    await expectTheme(page, 'light');
    await expect(page.locator('[data-theme-status]')).toHaveText('Light theme');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
    // The site script replayed nothing of it (a replayed tap would have chosen again).
    await expectTheme(page, 'light');
    await expect(themeMenu(page).choices.getByRole('radio', { name: 'Light' })).toBeChecked();
  });
});

test('every page in the theme it does not show by default passes axe’s colour rules', async ({ page, request }) => {
  const paths = [...PUBLIC_PAGES, ...GUARDED_PAGES];
  test.setTimeout(paths.length * 6_000);
  // The guarded pages as their readers see them: signed in with every clearance.
  const token = await demoSession(request, 'demo_admin', 'demo-admin-pass');
  for (const path of paths) {
    const other = otherThemeOf(path);
    await firstVisit(page, path, { [THEME_KEY]: other, ...(GUARDED_PAGES.includes(path) ? { token } : {}) });
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('html'), path).toHaveAttribute('data-theme', other);
    // Scanned as the reader sees it: its island rendered, with what it fetched.
    await siteLoaded(page);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    // The default theme's scan (each page's own spec, the engines' routes) checks the rest.
    await expectNoAxeViolations(page, path, COLOUR_RULES);
  }
});

test('the word game’s keys keep their contrast in the light theme', async ({ page }) => {
  test.skip(!features.wordGame, switchedOff('wordGame'));
  await storeChoice(page, 'light');
  // How to play already seen, so the keys go to the board.
  await page.addInitScript(() => localStorage.setItem('wordgame', JSON.stringify({ helpSeen: true })));
  await page.goto('/word_game');
  await expect(page.getByRole('group', { name: 'Keyboard' })).toBeVisible();
  await page.keyboard.type(ANSWERS[0]!);
  await page.keyboard.press('Enter');
  await expect(page.locator('.key-grey, .key-green, .key-yellow').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
