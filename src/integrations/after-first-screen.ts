// Rewrites each built page so that what its first screen does not need waits until that screen is
// shown: its script (src/layouts/site.ts, the one Astro emits for every page) and the pictures the
// first screen does not show but the browser would fetch with it (WaitForFirstScreen.astro: the
// cards' pictures below a phone's fold, the gallery's turned-away panels). Nothing on its first frame
// depends on them: the nav, the dialogs and the features' elements are in the HTML, and the script
// only makes them work. Requested while the HTML is parsed, they compete with the page for a slow
// phone's bandwidth, and every request that ends before the first paint is counted in it
// (Lighthouse's LCP model counts each one). After the first frame the page's own bytes have had
// the network to themselves.
//
// The loader is an inline module script: it waits for the browser to report the first contentful
// paint (a paint-timing entry, which comes once the frame is shown) and for the pictures the page
// fetches first (fetchpriority=high: its largest paint, as on the home page, the shop home and the
// gallery) to be decoded and shown. Then it removes the <source> elements that hold the waiting
// pictures back and imports the script Astro emitted; a browser without
// paint timing does both at once. The page's CSP allows the loader by its hash
// (content-security-policy.ts runs after this and hashes it). The site script marks the page ready
// when it has wired it (html[data-ready]); the browser tests wait for that.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { WAITS_FOR_FIRST_SCREEN } from '../lib/first-screen.ts';
import { builtPages } from './built-pages.ts';

const EMITTED_SCRIPT = /<script type="module" src="(\/_astro\/[\w.-]+\.js)"><\/script>/g;

/**
 * The loader that, after the first contentful paint and the frame that shows the page's
 * high-priority pictures (one that fails to load does not hold it back), lets the waiting pictures
 * load and imports `sources`, in order.
 */
export function loaderFor(sources: string[]): string {
  const imports = sources.map((source) => `await import(${JSON.stringify(source)});`).join('');
  return (
    `const load=async()=>{document.querySelectorAll("source[${WAITS_FOR_FIRST_SCREEN}]").forEach((source)=>source.remove());${imports}};` +
    `const shown=()=>Promise.all([...document.querySelectorAll("img[fetchpriority=high]")].map((img)=>img.decode().catch(()=>{})))` +
    `.then(()=>new Promise((frame)=>requestAnimationFrame(()=>setTimeout(frame))));` +
    `PerformanceObserver.supportedEntryTypes?.includes("paint")` +
    `?new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();shown().then(load)}}).observe({type:"paint",buffered:true})` +
    `:load()`
  );
}

/** `html` with its emitted module scripts replaced by one inline loader, where the first one was. */
export function withLoaderAfterFirstScreen(html: string): string {
  const sources = [...html.matchAll(EMITTED_SCRIPT)].map((match) => match[1]!);
  if (!sources.length) {
    if (html.includes(WAITS_FOR_FIRST_SCREEN)) {
      throw new Error('A page has pictures waiting for its first screen but no script, so no loader to let them load.');
    }
    return html;
  }
  let first = true;
  return html.replace(EMITTED_SCRIPT, () => {
    if (!first) return '';
    first = false;
    return `<script type="module">${loaderFor(sources)}</script>`;
  });
}

/** Returns the integration that rewrites dist/'s pages; list it before the CSP integration. */
export function afterFirstScreen(): AstroIntegration {
  return {
    name: 'after-first-screen',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        let rewritten = 0;
        for (const file of builtPages(fileURLToPath(dir))) {
          const html = readFileSync(file, 'utf8');
          const deferred = withLoaderAfterFirstScreen(html);
          if (deferred === html) continue;
          writeFileSync(file, deferred);
          rewritten += 1;
        }
        logger.info(`${rewritten} pages load their script, and any waiting pictures, after the first screen`);
      },
    },
  };
}
