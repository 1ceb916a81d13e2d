import { type Page, expect } from '@playwright/test';
import { APPS } from '../../src/content/apps.ts';
import { type Feature, SHOP_HOME, featureOf } from '../../src/lib/features.ts';
import { features, owner, shop, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';
import { createUser, expectNoAxeViolations, logInAs, watchForErrors } from './helpers.ts';

test.describe('site shell', () => {
  test('home shows the developer title, the main nav and a footer link home', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Site' });
    await expect(nav.getByRole('link', { name: owner.title, exact: true })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('button', { name: 'Résumé' })).toBeVisible();
    // The owner's links, in their order: a profile in a new tab, a mail address in place.
    for (const { label, url } of owner.links) {
      const link = nav.getByRole('link', { name: new RegExp(`^${label}`) });
      await expect(link).toHaveAttribute('href', url);
      if (url.startsWith('https://')) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      } else {
        await expect(link).not.toHaveAttribute('target', /./);
      }
    }
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('the apps a visitor can try are in plain sight: a "Try it here" section on home and links in the footer', async ({
    page,
  }) => {
    // The apps open to every visitor; the forum and the consoles are reached from the nav and the dashboard.
    const openToAll: Feature[] = ['wordGame', 'chatbot', 'shop', 'poll', 'scheduling'];
    const switchedOn = openToAll.filter((feature) => features[feature]).sort();
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Try it here' });
    const footer = page.getByRole('navigation', { name: 'Apps', exact: true });
    for (const links of [section.getByRole('link'), footer.getByRole('link')]) {
      const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')!));
      // One link per app switched on, and none to an app switched off.
      expect(hrefs.map((href) => featureOf(href)).sort()).toEqual(switchedOn);
    }
    for (const app of APPS)
      await expect(section.getByRole('listitem').filter({ hasText: app.name })).toContainText(app.description);
    // Each leads to a page that is there, and the footer is on the shop too.
    for (const app of APPS) expect((await page.request.get(app.path)).status(), app.path).toBe(200);
    if (features.shop) {
      await page.goto(SHOP_HOME);
      await expect(page.getByRole('navigation', { name: 'Apps', exact: true }).getByRole('link')).toHaveCount(
        APPS.length,
      );
    }
  });

  test('the unauthorized page has the spec title and text', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page).toHaveTitle('Unauthorized');
    await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
    await expect(page.getByText('You are not authorized to view this page.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown path answers 404 with the spec title and text', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('The page you were looking for was not found.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);
  });

  test('the shop uses the light theme, its logo and name, and the Gallery link', async ({ page }) => {
    test.skip(!features.shop, switchedOff('shop'));
    await page.goto(SHOP_HOME);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const nav = page.getByRole('navigation', { name: 'Site' });
    await expect(nav.getByRole('link', { name: shop.name })).toHaveAttribute('href', SHOP_HOME);
    await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', `${SHOP_HOME}/gallery`);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveCount(0);
    await expect(page.getByText('Please login to place orders.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('navbar breakpoint (md, 768px)', () => {
  test('is collapsed behind a Menu button below 768px and opens by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'About', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('is expanded, with no Menu button, at 768px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'About', exact: true })).toBeVisible();
  });
});

test.describe('résumé dialog', () => {
  test('opens full screen with the PDF, traps focus, closes on Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Résumé' });
    const pdf = page.waitForResponse((response) => response.url().endsWith('/resume.pdf'));
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Résumé' });
    await expect(dialog).toBeVisible();
    expect((await pdf).headers()['content-type']).toBe('application/pdf');
    await expect(dialog.locator('iframe')).toHaveAttribute('src', '/resume.pdf');
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/resume.pdf');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('closes with its Close button', async ({ page }) => {
    await page.goto('/unauthorized');
    await page.getByRole('button', { name: 'Résumé' }).click();
    await page.getByRole('dialog', { name: 'Résumé' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: 'Résumé' })).toBeHidden();
  });
});

test.describe('session in the nav', () => {
  // A real session: the menu of a member who can read the forum asks the server for their notifications.
  test('a logged-in user sees a menu titled with the username; Forum only above clearance 1', async ({
    page,
    request,
  }) => {
    const { username, token } = await createUser(request, { clearance: 2, prefix: 'ada' });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeHidden();
    const menu = page.getByRole('button', { name: username });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
    // Unless the forum is switched off: then no one has the item.
    if (features.forum) await expect(page.getByRole('link', { name: 'Forum' })).toHaveAttribute('href', '/forum');
    else await expect(page.locator('a[href="/forum"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Products' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('clearance 1 has no Forum link', async ({ page }) => {
    await logInAs(page, { username: 'bob', clearance: 1 });
    await page.goto('/');
    await page.getByRole('button', { name: 'bob' }).click();
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forum' })).toBeHidden();
  });

  test('logout on the main site clears the token and returns to /', async ({ page }) => {
    await logInAs(page, { username: 'ada', clearance: 1 });
    await page.goto('/unauthorized');
    await page.getByRole('button', { name: 'ada' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the shop menu adds Products and Cart, greets by first name, and logout returns to the shop home', async ({
    page,
  }) => {
    test.skip(!features.shop, switchedOff('shop'));
    await logInAs(page, { username: 'ada', firstName: 'Ada', clearance: 1 });
    await page.goto(SHOP_HOME);
    await expect(page.getByText('Hello, Ada! Follow the links at the top right to submit an order.')).toBeVisible();
    await page.getByRole('button', { name: 'ada' }).click();
    await expect(page.getByRole('link', { name: 'Products' })).toHaveAttribute('href', `${SHOP_HOME}/products`);
    await expect(page.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', `${SHOP_HOME}/cart`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(SHOP_HOME);
  });

  test('a token that cannot be decoded logs an error and leaves the visitor logged out', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.addInitScript(() => window.localStorage.setItem('token', 'not-a-token'));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(errors.some((e) => e.includes('Could not decode the session token'))).toBe(true);
  });
});

test.describe('the next page on its way', () => {
  /** The requests for `path`: each one's Sec-Purpose, or "navigation". */
  function requestsFor(page: Page, path: string): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === path) seen.push(request.headers()['sec-purpose'] ?? 'navigation');
    });
    return seen;
  }

  test('a link’s page is prefetched as the pointer rests on it, and the click shows it from there', async ({
    page,
  }) => {
    const about = requestsFor(page, '/about');
    await page.goto('/');
    const link = page.getByRole('navigation').getByRole('link', { name: 'About', exact: true });
    await link.hover();
    await expect.poll(() => about).toEqual(['prefetch']);
    await link.click();
    await page.waitForURL('/about');
    // Chrome says where the page came from.
    const delivery = await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string })
          .deliveryType,
    );
    expect(delivery).toBe('navigational-prefetch');
  });

  test('a press on a link starts its page before the press ends', async ({ page }) => {
    const contact = requestsFor(page, '/contact');
    await page.goto('/');
    const box = (await page.getByRole('navigation').getByRole('link', { name: 'Contact', exact: true }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 1 });
    await page.mouse.down();
    await expect.poll(() => contact).toEqual(['prefetch']);
    await page.mouse.up();
    await page.waitForURL('/contact');
  });

  test('where speculation rules are unknown (Safari, Firefox), focus and touch prefetch through the site script', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const supports = HTMLScriptElement.supports.bind(HTMLScriptElement);
      HTMLScriptElement.supports = (type: string) => type !== 'speculationrules' && supports(type);
    });
    const contact = requestsFor(page, '/contact');
    const about = requestsFor(page, '/about');
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Contact', exact: true }).focus();
    await expect.poll(() => contact.length).toBe(1);
    await page.getByRole('navigation').getByRole('link', { name: 'About', exact: true }).dispatchEvent('touchstart');
    await expect.poll(() => about.length).toBe(1);
  });
});

test('below md, the phone’s menu closes when the window widens to the bar', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.locator('#nav-menu');
  expect(await menu.evaluate((element) => element.matches(':popover-open'))).toBe(true);
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(() => menu.evaluate((element) => element.matches(':popover-open'))).toBe(false);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'About', exact: true })).toBeVisible();
});
