// Rewrites each built page so that its script (src/layouts/site.ts) and the pictures its first
// screen does not show (WaitForFirstScreen.astro) load only once that screen is painted: nothing on
// the first frame needs them, and fetched while the HTML is parsed they compete with the page for a
// slow phone's bandwidth (Lighthouse's LCP counts every request that ends before the first paint).
// The page's CSP allows the inline loader by its hash: content-security-policy.ts runs after this.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { WAITS_FOR_FIRST_SCREEN } from '../lib/first-screen.ts';
import { builtPages } from './built-pages.ts';

const EMITTED_SCRIPT = /<script type="module" src="(\/_astro\/[\w.-]+\.js)"><\/script>/g;

/**
 * The loader that, after the first contentful paint and the frame that shows the page's
 * high-priority pictures (its largest paint; one that fails to load does not hold it back), lets
 * the waiting pictures load and imports `sources`, in order. Without paint timing it does so at once.
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
