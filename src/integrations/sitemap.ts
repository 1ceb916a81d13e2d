// Writes dist/sitemap.xml after the build from the pages actually built, leaving out every page
// that asks not to be indexed (`<meta name="robots" content="noindex…">`) and the given paths.
// Reading the built HTML means a new page cannot be forgotten and a private one cannot leak in.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { canonicalUrl } from '../lib/canonical.ts';

const NOINDEX = /<meta\s+name="robots"\s+content="[^"]*noindex/i;

/** Returns the sitemap integration; `exclude` lists indexable paths that are still not worth listing. */
export function sitemap({ exclude = [] }: { exclude?: string[] } = {}): AstroIntegration {
  let site: URL | undefined;
  return {
    name: 'site-sitemap',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = config.site ? new URL(config.site) : undefined;
      },
      'astro:build:done': ({ dir, pages, logger }) => {
        if (!site) throw new Error('Set `site` in astro.config.mjs: the sitemap needs absolute URLs.');
        const excluded = new Set(exclude.map((path) => canonicalUrl(path, site!)));
        const urls = pages
          .map(({ pathname }) => ({ pathname, file: htmlFile(dir, pathname) }))
          .filter(({ pathname, file }) => pathname !== '404/' && file && !NOINDEX.test(readFileSync(file, 'utf8')))
          .map(({ pathname }) => canonicalUrl(`/${pathname}`, site!))
          .filter((url) => !excluded.has(url))
          .sort();
        const entries = urls.map((url) => `  <url><loc>${url}</loc></url>`).join('\n');
        writeFileSync(
          new URL('sitemap.xml', dir),
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`,
        );
        logger.info(`sitemap.xml lists ${urls.length} pages`);
      },
    },
  };
}

/** Finds the HTML file Astro wrote for a page (`about/` → about/index.html, `404` → 404.html). */
function htmlFile(dir: URL, pathname: string): string | undefined {
  const candidates = [new URL(`${pathname}index.html`, dir), new URL(`${pathname.replace(/\/$/, '')}.html`, dir)];
  return candidates.map((url) => fileURLToPath(url)).find((file) => existsSync(file));
}
