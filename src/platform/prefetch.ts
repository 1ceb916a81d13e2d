// The next page already on its way: an internal link's page is fetched ahead as the visitor reaches
// for the link. Where the browser has speculation rules (Chrome), the page's own rules do it
// (SPECULATION_RULES, in its head, so they work before any script); elsewhere Astro's prefetch does
// it from the site script. Astro's is started here, not by astro.config.mjs's `prefetch` option,
// which would add a script of its own to every page (docs/architecture.md, Budgets).
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
