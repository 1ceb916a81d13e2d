// What an owner switches off (src/content/site.config.ts, `features`) is gone from the site: none of its browser code
// is built, its pages answer 404, its endpoints answer 404 with the switched-off error, and nothing links to it: not
// the home page (its hero, its project cards), not the about page, not the nav or the signed-in user menu, not any card
// of a signed-in admin's dashboard. With every feature on, each one's pages are there.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Page, expect } from '@playwright/test';
import { featurePages } from '../../src/integrations/site-config.ts';
import { FEATURES, FEATURE_PATHS, type Feature, featureOf } from '../../src/lib/features.ts';
import { features, projects, shop } from '../site-config.ts';
import { test } from './fixtures.ts';
import { createUser } from './helpers.ts';

const OFF = FEATURES.filter((feature) => !features[feature]);

/** The routes of a feature's files in src/feature-pages/, had it been on (but those with a parameter). */
function routesOf(feature: Feature): string[] {
  const allOn = Object.fromEntries(FEATURES.map((each) => [each, true])) as Record<Feature, boolean>;
  return featurePages(allOn)
    .filter((page) => page.feature === feature && !page.pattern.includes('['))
    .map((page) => page.pattern);
}

/** An endpoint of each feature that has any (a function's `config.path`), asked with the method it takes. */
const ENDPOINTS: Partial<Record<Feature, { method: 'GET' | 'POST'; path: string }>> = {
  shop: { method: 'GET', path: '/api/dhh/get-cart-items' },
  wordGame: { method: 'POST', path: '/api/scoring/wordgame' },
  chatbot: { method: 'GET', path: '/api/ask-ai/quota' },
  forum: { method: 'GET', path: '/api/messages/get-messages' },
  poll: { method: 'POST', path: '/api/poll/get-all-votes' },
  scheduling: { method: 'GET', path: '/api/scheduling/polls' },
  wedding: { method: 'GET', path: '/api/wedding/get-all-guests' },
};

/** How the home page's hero and the about page name each app, where they name it. */
const NAMES: Partial<Record<Feature, RegExp>> = {
  shop: new RegExp(`\\bshop\\b|${shop.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i'),
  wordGame: /word game/i,
  chatbot: /chatbot/i,
  forum: /forum/i,
  wedding: /wedding/i,
  // Both kinds of poll are "polls": named while either is on.
  ...(!features.poll && !features.scheduling ? { poll: /\bpolls?\b/i, scheduling: /\bpolls?\b/i } : {}),
};

/** Whether a site path is one of the feature's pages or endpoints, or under one (src/lib/features.test.ts). */
function isOf(feature: Feature, path: string): boolean {
  return featureOf(path) === feature;
}

/** The paths of every same-site link in the page (hidden ones too: a menu item kept for later counts). */
async function linkedPaths(page: Page): Promise<string[]> {
  return page
    .locator('a[href]')
    .evaluateAll((links: HTMLAnchorElement[]) =>
      links.filter((link) => link.origin === location.origin).map((link) => link.pathname),
    );
}

for (const feature of OFF) {
  test.describe(`${feature}, switched off`, () => {
    test('none of its code is built: no island of its own, no mount point of it in any script', () => {
      const folder = join(
        'src/features',
        feature.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
      );
      const mountPoints = join(folder, 'mount-point.ts');
      const attributes = existsSync(mountPoints)
        ? [...readFileSync(mountPoints, 'utf8').matchAll(/mountPoint\('(data-[\w-]+)'\)/g)].map(([, name]) => name!)
        : [];
      const islands = readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.tsx'))
        .map((file) => basename(file, '.tsx'));
      test.skip(attributes.length + islands.length === 0, `${feature} has no code in the browser`);
      const built = readdirSync('dist/_astro').filter((file) => file.endsWith('.js'));
      expect(built.filter((file) => islands.includes(file.split('.')[0]!))).toEqual([]);
      const code = built.map((file) => readFileSync(join('dist/_astro', file), 'utf8')).join('\n');
      for (const attribute of attributes) expect(code, attribute).not.toContain(`[${attribute}]`);
    });

    test('its pages answer 404', async ({ request }) => {
      // Its prefixes (src/lib/features.ts) and every page it would have.
      const pages = [...new Set([...FEATURE_PATHS[feature].pages, ...routesOf(feature)])];
      expect(routesOf(feature).length).toBeGreaterThan(0);
      for (const path of pages) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(404);
      }
    });

    const endpoint = ENDPOINTS[feature];
    if (endpoint) {
      test('its endpoint answers 404 with the switched-off error', async ({ request }) => {
        const { method, path } = endpoint;
        expect(isOf(feature, path), `${path} is ${feature}'s`).toBe(true);
        const response = await request.fetch(path, { method, ...(method === 'POST' ? { data: {} } : {}) });
        expect(response.status()).toBe(404);
        expect(await response.json()).toEqual({ error: 'This part of the site is switched off.', code: 'not_found' });
      });
    }

    test('the home page neither links to it nor names it, nor does the about page link to it', async ({ page }) => {
      await page.goto('/');
      // The page's links are read: the check below is not made on an empty page.
      const home = await linkedPaths(page);
      expect(home).toContain('/about');
      expect(home.filter((path) => isOf(feature, path))).toEqual([]);
      const hero = page.getByRole('region', { name: /^Hi, I'm / });
      await expect(hero).toBeVisible();
      if (NAMES[feature]) await expect(hero).not.toContainText(NAMES[feature]);

      await page.goto('/about');
      const about = await linkedPaths(page);
      expect(about).toContain('/contact');
      // The rest of the about page is the owner's own Markdown: it says what they wrote.
      expect(about.filter((path) => isOf(feature, path))).toEqual([]);
    });

    test('a project whose demo is its page keeps its card, without a Live Demo', async ({ page }) => {
      const ofIt = projects.filter((project) => project.demo?.startsWith('/') && isOf(feature, project.demo));
      test.skip(ofIt.length === 0, `no project's demo is a ${feature} page`);
      await page.goto('/');
      const cards = page.getByRole('region', { name: 'Projects' }).getByRole('article');
      for (const project of ofIt) {
        const card = cards.filter({ has: page.getByRole('heading', { name: project.title, exact: true }) });
        await expect(card.getByRole('button', { name: `Description of ${project.title}` })).toBeVisible();
        await expect(card.getByRole('link', { name: /^Live Demo/ })).toHaveCount(0);
      }
    });

    test('a signed-in admin finds no link to it in the nav, the user menu or any dashboard card', async ({
      page,
      request,
    }) => {
      // Clearance 3: every menu item and dashboard card a feature can add is offered (the admin
      // card with the scheduling links, the forum's menu item).
      const admin = await createUser(request, { clearance: 3, prefix: 'switched' });
      await page.addInitScript((token) => localStorage.setItem('token', token), admin.token);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();

      const menuButton = page.getByRole('button', { name: admin.username, exact: true });
      await menuButton.click();
      const menu = page.locator('#user-menu-list');
      await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
      const menuLinks = await menu
        .getByRole('link')
        .evaluateAll((links: HTMLAnchorElement[]) => links.map((link) => link.pathname));
      expect(menuLinks.filter((path) => isOf(feature, path))).toEqual([]);
      await page.keyboard.press('Escape');

      const cards = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button');
      await expect(cards.first()).toHaveText('Your Account');
      const seen: string[] = [];
      for (const card of await cards.all()) {
        await card.click();
        await expect(card).toHaveAttribute('aria-pressed', 'true');
        seen.push(...(await linkedPaths(page)));
      }
      expect(seen).toContain('/dashboard'); // the user menu's, read with each card
      expect(seen.filter((path) => isOf(feature, path))).toEqual([]);
    });
  });
}

if (OFF.length === 0) {
  test('with every feature on, each one’s pages are there and its endpoint answers', async ({ request }) => {
    for (const feature of FEATURES) {
      const pages = routesOf(feature);
      expect(pages.length, feature).toBeGreaterThan(0);
      for (const page of pages) expect((await request.get(page)).status(), page).toBe(200);
      const endpoint = ENDPOINTS[feature];
      if (!endpoint) continue;
      const { method, path } = endpoint;
      const response = await request.fetch(path, { method, ...(method === 'POST' ? { data: {} } : {}) });
      expect((await response.text()).includes('This part of the site is switched off.'), path).toBe(false);
    }
  });
}
