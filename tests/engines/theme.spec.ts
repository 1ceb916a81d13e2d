// The nav's theme menu in every engine: with the site's scripts held back, the menu opens
// (a popover) and a choice applies at once (the page's first script), and the next page opens in
// it from its first frame (the <head> script), AA-clean.
import { SHOP_HOME } from '../../src/lib/features.ts';
import { features } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';
import type { Site } from './site.ts';

const nav = byRole('navigation', 'Site');
const menu = inside(nav, byRole('group', 'Theme'));

/** Waits until the page shows `theme`: <html data-theme> and the body's background (global.css). */
function showsTheme(site: Site, theme: 'light' | 'dark'): Promise<void> {
  const background = { dark: 'rgb(15, 17, 23)', light: 'rgb(251, 250, 245)' }[theme];
  return site.waitUntil(
    (want, colour) =>
      document.documentElement.dataset.theme === want && getComputedStyle(document.body).backgroundColor === colour,
    theme,
    background,
  );
}

test('the theme menu answers from the first paint, and the next page opens in the choice', async ({ site }) => {
  site.proxy.holdBackScripts(2000);
  await site.goto('/', { wired: false });
  await site.waitUntil(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  await showsTheme(site, 'dark');
  await site.click(inside(nav, byRole('button', 'Theme')));
  await site.click(inside(menu, byRole('radio', 'Light')));
  await showsTheme(site, 'light');
  await site.expectText(byCss('[data-theme-status]'), 'Light theme');
  expect(await site.run(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
  // The first frame of the next page is light: its <head> applies the choice, its scripts held back.
  site.proxy.holdBackScripts(2000);
  await site.goto('/about', { wired: false });
  await site.waitUntil(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  await showsTheme(site, 'light');
  expect(await site.run(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
  await site.waitUntil(() => document.documentElement.hasAttribute('data-ready'));
  expect(await site.axeViolations()).toEqual([]);
  // The choice is the visitor's for the whole site: the shop, light by default, is dark once chosen.
  if (features.shop) {
    await site.click(inside(nav, byRole('button', 'Theme')));
    await site.click(inside(menu, byRole('radio', 'Dark')));
    await showsTheme(site, 'dark');
    await site.goto(SHOP_HOME);
    await showsTheme(site, 'dark');
    expect(await site.axeViolations()).toEqual([]);
  }
  expect(await site.errors()).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ phone: true });

  test('the theme menu sits beside the Menu button and works', async ({ site }) => {
    await site.goto('/');
    await site.expectVisible(inside(nav, byRole('button', 'Menu')));
    await site.click(inside(nav, byRole('button', 'Theme')));
    await site.click(inside(menu, byRole('radio', 'Light')));
    await showsTheme(site, 'light');
    // The whole menu is on the screen.
    const inView = await site.read(byCss('#theme-menu'), (element) => {
      const box = element.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth && box.top >= 0;
    });
    expect(inView).toBe(true);
    expect(await site.errors()).toEqual([]);
  });
});
