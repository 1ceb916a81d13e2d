// Search and sharing: every built page has a unique title and description, a canonical URL,
// Open Graph and Twitter card tags; private pages say noindex; sitemap.xml lists exactly the
// indexable public pages; robots.txt points to it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from '@playwright/test';
import { SHOP_HOME } from '../../src/lib/features.ts';
import { features, served, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';

const SITE = 'https://example.netlify.app'; // astro.config.mjs default (SITE_URL unset in tests)

interface BuiltPage {
  path: string;
  html: string;
}

function builtPages(dir = 'dist'): BuiltPage[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return name === '_astro' ? [] : builtPages(file);
    if (!name.endsWith('.html')) return [];
    const path = `/${relative('dist', file)}`
      .replace(/index\.html$/, '')
      .replace(/(.)\/$/, '$1')
      .replace(/\.html$/, '');
    return [{ path, html: readFileSync(file, 'utf8') }];
  });
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

const pages = builtPages();
/** Shells served at many paths (every unknown one; every made poll's): no URL of their own, so no canonical. */
const SHELLS = ['/404', '/scheduling_polls/p'];
const isNoindex = (html: string) => /<meta name="robots" content="noindex/.test(html);

test.describe('SEO and sharing tags', () => {
  test('the build has the public pages and they are indexable', () => {
    const paths = pages.map((page) => page.path);
    for (const path of served(['/', '/about', '/contact', SHOP_HOME])) {
      expect(paths).toContain(path);
      expect(isNoindex(pages.find((page) => page.path === path)!.html)).toBe(false);
    }
  });

  test('every page has a unique title and a unique description', () => {
    const titles = pages.map(({ html }) => /<title>([^<]+)<\/title>/.exec(html)?.[1]);
    const descriptions = pages.map(({ html }) => meta(html, 'name', 'description'));
    expect(titles.every(Boolean)).toBe(true);
    expect(descriptions.every((text) => (text?.length ?? 0) >= 40)).toBe(true);
    expect(new Set(titles).size).toBe(pages.length);
    expect(new Set(descriptions).size).toBe(pages.length);
  });

  for (const { path, html } of pages) {
    test(`${path}: canonical URL, Open Graph and Twitter card`, () => {
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      const description = meta(html, 'name', 'description');
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      if (SHELLS.includes(path)) {
        expect(canonical).toBeUndefined();
      } else {
        expect(canonical).toBe(`${SITE}${path === '/' ? '/' : path}`);
        expect(meta(html, 'property', 'og:url')).toBe(canonical);
      }
      expect(meta(html, 'property', 'og:title')).toBe(title);
      expect(meta(html, 'property', 'og:description')).toBe(description);
      expect(meta(html, 'property', 'og:type')).toBe('website');
      // A post has a card of its own (blog.spec.ts); every other page the site's.
      const card = /^\/blog\/[^/]+$/.test(path) ? `${SITE}${path}/card.png` : `${SITE}/social-card.png`;
      expect(meta(html, 'property', 'og:image')).toBe(card);
      expect(meta(html, 'property', 'og:image:alt')).toBeTruthy();
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'name', 'twitter:title')).toBe(title);
      expect(meta(html, 'name', 'twitter:description')).toBe(description);
      expect(meta(html, 'name', 'twitter:image')).toBe(card);
    });
  }

  test('the dashboard and the 404 page are noindex', () => {
    for (const path of ['/dashboard', '/404']) {
      expect(isNoindex(pages.find((page) => page.path === path)!.html), path).toBe(true);
    }
  });

  test('the wedding console page and its guest list answer with X-Robots-Tag: noindex', async ({ request }) => {
    test.skip(!features.wedding, switchedOff('wedding'));
    for (const path of ['/weddingconsole', '/weddingconsole/', '/api/wedding/get-all-guests']) {
      const response = await request.get(path);
      expect(response.headers()['x-robots-tag'], path).toBe('noindex');
    }
    expect((await request.get('/about')).headers()['x-robots-tag']).toBeUndefined();
  });

  test('the RSVP page is noindex and never kept by the CDN or a browser cache', async ({ request }) => {
    test.skip(!features.wedding, switchedOff('wedding'));
    expect(isNoindex(pages.find((page) => page.path === '/rsvp')!.html)).toBe(true);
    for (const path of ['/rsvp', '/rsvp/', '/api/wedding/rsvp/read']) {
      const response = await request.get(path);
      expect(response.headers()['x-robots-tag'], path).toBe('noindex');
      expect(response.headers()['cache-control'], path).toBe('no-store');
    }
    expect((await request.get('/rsvp')).headers()['netlify-cdn-cache-control']).toBe('no-store');
  });

  test('sitemap.xml lists exactly the indexable public pages', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const listed = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = pages
      .filter(({ path, html }) => !isNoindex(html) && path !== '/unauthorized' && !SHELLS.includes(path))
      .map(({ path }) => `${SITE}${path}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(listed).toContain(`${SITE}/about`);
    expect(listed).not.toContain(`${SITE}/dashboard`);
  });

  test('robots.txt allows crawling, keeps crawlers off the API and names the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap.xml$`, 'm'));
  });

  test('the social card image is served', async ({ request }) => {
    const response = await request.get('/social-card.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  });

  test('/favicon.ico, which browsers ask for beside anything but our pages, is the site icon', async ({ request }) => {
    const response = await request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/svg+xml');
    expect(await response.text()).toBe(readFileSync('public/favicon.svg', 'utf8'));
  });
});
