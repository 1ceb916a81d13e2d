// The next page already on its way: an internal link's page is fetched ahead as the visitor reaches
// for the link, so the click that follows shows the page without waiting for its HTML. Where the
// browser has speculation rules (Chrome), the page's own rules say so (SPECULATION_RULES, in its
// head, so they work before any script): on hover and on pointer or touch down, into the prefetch
// cache the next navigation takes the page from. Elsewhere (Safari, Firefox) Astro's prefetch does
// it from the site script, on hover, focus and touch: a <link rel="prefetch">, or a low-priority
// fetch where the browser has none. Astro's is started here rather than by astro.config.mjs's
// `prefetch` option, which would add a script of its own to every page (docs/architecture.md,
// Budgets: a reading page loads one script).
import { init, prefetch } from 'astro/virtual-modules/prefetch.js';

/** What links are not prefetched: files to download, and whatever asks not to be. */
const NOT_PREFETCHED = '[download], [rel~="nofollow"], [data-astro-prefetch="false"]';

/** The speculation rules every page carries in an inline <script type="speculationrules"> (Head.astro). */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { selector_matches: NOT_PREFETCHED } }] },
      eagerness: 'moderate',
    },
  ],
});

/** Starts prefetching the pages internal links lead to, on hover, focus and touch, where speculation rules do not. */
export function prefetchLinks(): void {
  if (HTMLScriptElement.supports?.('speculationrules')) return;
  init({ prefetchAll: true, defaultStrategy: 'hover' });
  // Astro's hover strategy listens to the pointer and the focus; a phone has neither before the tap.
  document.addEventListener(
    'touchstart',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && !link.matches(NOT_PREFETCHED)) prefetch(link.href);
    },
    { passive: true },
  );
}
