// Writes the site's search index after the build (Pagefind, dist/pagefind/): the pages that mark
// their text with `data-pagefind-body` (posts, project pages, the about page), so /search finds the
// owner's writing and not the apps' pages.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

export function searchIndex(): AstroIntegration {
  return {
    name: 'site:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
        if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
        try {
          const added = await index.addDirectory({ path: root });
          if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
          const written = await index.writeFiles({ outputPath: join(root, 'pagefind') });
          if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
          // Pagefind's ready-made interfaces: the site has its own (src/features/search/).
          for (const file of readdirSync(join(root, 'pagefind'))) {
            if (/-ui\.|highlight/.test(file)) rmSync(join(root, 'pagefind', file));
          }
          logger.info(`the search index is written: ${added.page_count} pages read, those marking their text indexed`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
