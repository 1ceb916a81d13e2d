// Every public route in every engine: it loads, the site script wires it, nothing fails (no error
// reported, no request refused, no picture missing) and axe finds nothing. The routes are visited
// one after another in one tab, which costs a fraction of a tab of their own each.
import { PUBLIC_PAGES } from '../e2e/routes.ts';
import { expect, test } from './fixtures.ts';

// PUBLIC_PAGES holds only what the config serves (tests/e2e/routes.ts).
test('every public route loads, wires, shows its pictures and passes axe', async ({ site }) => {
  test.setTimeout(PUBLIC_PAGES.length * 8_000);
  for (const path of PUBLIC_PAGES) {
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
    await expect.poll(missing, { message: `${path}: its pictures` }).toEqual([]);
    // Each <picture>'s last source, its <img>, is in a format every engine decodes.
    const fallbacks = await site.run(() =>
      [...document.querySelectorAll('picture > img')].map((img) => img.getAttribute('src') ?? ''),
    );
    expect
      .soft(
        fallbacks.filter((src) => !/\.(webp|jpe?g|png)$/.test(src)),
        path,
      )
      .toEqual([]);
    expect.soft(await site.errors({ except: ['/missing-page'] }), path).toEqual([]);
    expect.soft(await site.axeViolations(), path).toEqual([]);
  }
});
