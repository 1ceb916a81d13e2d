// Every public route in every engine: it loads, the site script wires it, nothing fails (no error
// reported, no request refused, no picture missing) and axe finds nothing.
import { PUBLIC_PAGES } from '../e2e/routes.ts';
import { expect, test } from './fixtures.ts';

test.describe('every public route', () => {
  // PUBLIC_PAGES holds only what the config serves (tests/e2e/routes.ts).
  for (const path of PUBLIC_PAGES) {
    test(`${path} loads, wires, shows its pictures and passes axe`, async ({ site }) => {
      await site.goto(path);
      // The pictures on the first screen, once loaded: each decoded, from a format this engine reads
      // (an empty frame waiting for the gallery's controller is a data: URL, not a picture).
      const missing = () =>
        site.run(() =>
          [...document.images]
            .filter((img) => img.getBoundingClientRect().top < innerHeight && !img.currentSrc.startsWith('data:'))
            .filter((img) => !img.complete || img.naturalWidth === 0)
            .map((img) => img.currentSrc || img.src),
        );
      await expect.poll(missing).toEqual([]);
      // Each <picture>'s last source, its <img>, is in a format every engine decodes.
      const fallbacks = await site.run(() =>
        [...document.querySelectorAll('picture > img')].map((img) => img.getAttribute('src') ?? ''),
      );
      expect(fallbacks.filter((src) => !/\.(webp|jpe?g|png)$/.test(src))).toEqual([]);
      expect(await site.errors({ except: ['/missing-page'] })).toEqual([]);
      expect(await site.axeViolations()).toEqual([]);
    });
  }
});
