import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as secondOwner from '../../tests/second-owner/site.config.ts';
import * as siteConfig from '../content/site.config.ts';
import { siteConfigProblems } from '../content/site-config.schema.ts';
import { FEATURES, type FeatureSwitches, SHOP_HOME, featureOf } from '../lib/features.ts';
import { featurePages, routeOf, siteConfigError } from './site-config.ts';

const ALL_ON = Object.fromEntries(FEATURES.map((feature) => [feature, true])) as FeatureSwitches;
const SECOND_OWNER_THUMBNAILS = join(import.meta.dirname, '../../tests/second-owner/thumbnails');

describe('routeOf', () => {
  it.each([
    ['a/index.astro', '/a'],
    ['index.astro', '/'],
    ['chatbot.astro', '/chatbot'],
    ['drecoll_hills_harvest/cart.astro', '/drecoll_hills_harvest/cart'],
    ['word_game/dictionary.txt.ts', '/word_game/dictionary.txt'],
    ['scheduling_polls/[poll].astro', '/scheduling_polls/[poll]'],
    ['[poll].astro', '/[poll]'],
    ['scheduling_polls\\p.astro', '/scheduling_polls/p'],
  ])('routes %s as %s', (file, route) => {
    expect(routeOf(file)).toBe(route);
  });
});

describe('featurePages, over src/feature-pages', () => {
  it('routes every switched-on feature’s pages, each under its own feature’s paths', () => {
    const pages = featurePages(ALL_ON);
    expect(new Set(pages.map((page) => page.feature))).toEqual(new Set(FEATURES));
    for (const { feature, pattern, entrypoint } of pages) {
      expect(featureOf(pattern), `${pattern} (${entrypoint})`).toBe(feature);
      expect(entrypoint).toContain(`/feature-pages/${feature}/`);
    }
    expect(pages.map((page) => page.pattern)).toEqual(
      expect.arrayContaining([SHOP_HOME, `${SHOP_HOME}/cart`, '/word_game/dictionary.txt', '/scheduling_polls/[poll]']),
    );
  });

  it('routes none of a switched-off feature’s pages, and all the others', () => {
    const all = featurePages(ALL_ON);
    const noShop = featurePages({ ...ALL_ON, shop: false });
    expect(noShop.some((page) => page.pattern === SHOP_HOME || page.pattern.startsWith(`${SHOP_HOME}/`))).toBe(false);
    expect(noShop.every((page) => page.feature !== 'shop' && featureOf(page.pattern) === page.feature)).toBe(true);
    expect(noShop).toEqual(all.filter((page) => page.feature !== 'shop'));
    expect(featurePages(Object.fromEntries(FEATURES.map((feature) => [feature, false])) as FeatureSwitches)).toEqual(
      [],
    );
  });

  it('routes no test file', () => {
    expect(featurePages(ALL_ON).filter((page) => page.entrypoint.endsWith('.test.ts'))).toEqual([]);
  });
});

describe('siteConfigError', () => {
  it('finds nothing wrong with the site’s own config', () => {
    expect(siteConfigError({ ...siteConfig })).toBeUndefined();
  });

  it('names each bad field, and where to read about them', () => {
    const error = siteConfigError({
      ...siteConfig,
      owner: { ...siteConfig.owner, name: '' },
      features: { ...siteConfig.features, newsletter: true },
      projects: [{ ...siteConfig.projects[0]!, thumbnail: 'no-such-picture.png' }],
    });
    expect(error).toMatch(/^src\/content\/site\.config\.ts has mistakes:\n/);
    expect(error).toMatch(/^ {2}- owner\.name: /m);
    expect(error).toMatch(/^ {2}- features\.newsletter: is not a field of features/m);
    expect(error).toContain('See docs/make-it-yours.md.');
  });

  it('names a thumbnail that is not in src/content/projects/thumbnails/', () => {
    const error = siteConfigError({
      ...siteConfig,
      projects: [{ ...siteConfig.projects[0]!, thumbnail: 'no-such-picture.png' }],
    });
    expect(error).toContain(
      'projects[0].thumbnail: there is no no-such-picture.png in src/content/projects/thumbnails/',
    );
  });
});

describe('the second owner’s config (tests/second-owner)', () => {
  it('passes the build’s check with its own thumbnails (tests/second-owner/thumbnails/, which its run puts in place of the demo’s)', () => {
    const looked: string[] = [];
    const problems = siteConfigProblems({ ...secondOwner }, (file) => {
      looked.push(file);
      return existsSync(join(SECOND_OWNER_THUMBNAILS, file));
    });
    expect(problems).toEqual([]);
    expect(looked).toEqual(secondOwner.projects.map((project) => project.thumbnail));
  });

  it('is what the issue asked of it: three projects, the shop and the wedding console off', () => {
    // Not compared with the site's own config (an owner's may well be like it), nor with any one
    // name: the browser suite run on it reads its owner from it, like any owner's.
    expect(secondOwner.features.shop).toBe(false);
    expect(secondOwner.features.wedding).toBe(false);
    expect(secondOwner.projects).toHaveLength(3);
    expect(secondOwner.poll.options).toHaveLength(2);
  });
});
