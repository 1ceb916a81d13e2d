// Makes the site the owner's: checks src/content/site.config.ts when Astro starts (a mistake stops
// the build, each named by its field), and routes the pages of the features switched on. Those
// pages live in src/feature-pages/<feature>/, laid out as in src/pages (`chatbot/chatbot.astro` is
// /chatbot); a feature switched off has none built.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as siteConfig from '../content/site.config.ts';
import { siteConfigProblems } from '../content/site-config.schema.ts';
import { FEATURES, type Feature, type FeatureSwitches } from '../lib/features.ts';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));
const FEATURE_PAGES = join(SOURCE, 'feature-pages');
const THUMBNAILS = join(SOURCE, 'content/projects/thumbnails');

/** A page of a feature: the route it serves and its file. */
export interface FeaturePage {
  feature: Feature;
  pattern: string;
  entrypoint: string;
}

/** The pages under src/feature-pages/ of the features switched on. */
export function featurePages(switches: FeatureSwitches, root = FEATURE_PAGES): FeaturePage[] {
  return FEATURES.filter((feature) => switches[feature]).flatMap((feature) =>
    filesUnder(join(root, feature)).map((file) => ({
      feature,
      pattern: routeOf(relative(join(root, feature), file)),
      entrypoint: file,
    })),
  );
}

/** The route a file serves, as in src/pages: `a/index.astro` is /a, `b.txt.ts` is /b.txt. */
export function routeOf(file: string): string {
  const path = file
    .split('\\')
    .join('/')
    .replace(/\.(astro|ts)$/, '');
  return `/${path.replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The build's error for a config with mistakes, or undefined when it has none. */
export function siteConfigError(config: unknown): string | undefined {
  const problems = siteConfigProblems(config, (file) => existsSync(join(THUMBNAILS, file)));
  if (problems.length === 0) return undefined;
  return [
    'src/content/site.config.ts has mistakes:',
    ...problems.map((problem) => `  - ${problem}`),
    'See docs/make-it-yours.md.',
  ].join('\n');
}

/** Returns the integration: the config's check, then the switched-on features' routes. */
export function siteConfigIntegration(): AstroIntegration {
  return {
    name: 'site:config',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig, logger }) => {
        const error = siteConfigError({ ...siteConfig });
        if (error) throw new Error(error);
        const pages = featurePages(siteConfig.features);
        for (const { pattern, entrypoint } of pages) injectRoute({ pattern, entrypoint, prerender: true });
        // Each switch as a constant of the browser's code (import.meta.env.FEATURE_<NAME>), so the
        // build leaves out a switched-off feature's islands and controllers (src/layouts/mount-points.ts).
        const define = Object.fromEntries(
          FEATURES.map((feature) => [featureConstant(feature), JSON.stringify(siteConfig.features[feature])]),
        );
        updateConfig({ vite: { define } });
        const off = FEATURES.filter((feature) => !siteConfig.features[feature]);
        logger.info(`${pages.length} feature pages routed${off.length > 0 ? `; switched off: ${off.join(', ')}` : ''}`);
      },
    },
  };
}

/** The name a switch has in the browser's code: import.meta.env.FEATURE_WORD_GAME for wordGame. */
export const featureConstant = (feature: string): string =>
  `import.meta.env.FEATURE_${feature.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
