// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { islandChunking } from './scripts/island-chunks.mjs';
import { netlifyLocalFeatures } from './scripts/netlify-local-features.mjs';
import { contentSecurityPolicy } from './src/integrations/content-security-policy.ts';
import { requiredSettings } from './src/integrations/required-settings.ts';
import { siteConfigIntegration } from './src/integrations/site-config.ts';
import { afterFirstScreen } from './src/integrations/after-first-screen.ts';
import { sitemap } from './src/integrations/sitemap.ts';
import { codeHighlight } from './src/integrations/code-highlight.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { chatbotPassages } from './src/integrations/chatbot-passages.ts';
import { loadEnvFile } from './scripts/env-file.ts';
import { siteUrl } from './src/server/settings.ts';

// The Netlify Vite plugin does not read .env itself; set variables win over it (scripts/env-file.ts).
loadEnvFile();

// A page loads one script of ours, a React page two more: React with what its islands share, and
// the island (scripts/island-chunks.mjs).
const islandChunks = islandChunking();

export default defineConfig({
  // SITE_URL, else the address Netlify sets for its builds (URL). A production build without
  // either fails (src/integrations/required-settings.ts); other builds fall back to a placeholder.
  site: siteUrl(process.env) ?? 'https://example.netlify.app',
  output: 'static',
  trailingSlash: 'ignore',
  // After the build, each page's script is requested after its first paint (an inline loader),
  // then dist/_headers gets each page's CSP with its inline style's and loader's hashes.
  integrations: [
    // First: a production build (CONTEXT=production) stops here when a required setting is missing.
    requiredSettings(),
    // The owner's config checked (a mistake stops here, named by field), and the pages of the
    // features it switches on routed (src/feature-pages/).
    siteConfigIntegration(),
    // The chatbot's passages from the owner's pages, before the functions are bundled.
    chatbotPassages(),
    react(),
    // /unauthorized is public (Lighthouse audits it) but has nothing worth a search result.
    sitemap({ exclude: ['/unauthorized', '/scheduling_polls/p'] }),
    afterFirstScreen(),
    searchIndex(),
    contentSecurityPolicy(),
  ],
  build: {
    // Each page carries its CSS in one <style>, so it paints without waiting for a stylesheet
    // request; the page's CSP allows that style by its hash (src/integrations/content-security-policy.ts).
    inlineStylesheets: 'always',
  },
  prefetch: false,
  // Posts' and write-ups' code, highlighted at build as classes, never style attributes (the CSP).
  markdown: { shikiConfig: codeHighlight },
  image: {
    // AVIF at effort 2, not sharp's 4: a seventh of the CPU for files 9% larger, still 15 to 30%
    // smaller than WebP (only a page's largest paint comes in AVIF: src/components/CardPicture.astro).
    service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 2 } } },
  },
  vite: {
    build: {
      // Never inline assets as data: URLs (the CSP allows images and fonts from 'self' only), nor
      // a script: the only inline one is each page's loader (src/integrations/after-first-screen.ts).
      assetsInlineLimit: 0,
    },
    environments: {
      // The browser's build only: the prerender build's chunks never reach a browser.
      client: { build: { rolldownOptions: { output: { codeSplitting: islandChunks.codeSplitting } } } },
    },
    server: { strictPort: true },
    plugins: [
      islandChunks.plugin,
      withoutBuiltPagePolicies(),
      // Serves netlify/functions under `astro dev`.
      netlifyUnderDev(),
    ],
  },
});

/**
 * Under `astro dev`, Netlify's emulation would send the built pages' policies from dist/_headers:
 * they name the hashes of the last build's styles, and would refuse the dev server's own inline
 * styles and client. Dev pages go without; the built site, which the tests and audit serve, keeps them.
 * @returns {import('vite').Plugin}
 */
function withoutBuiltPagePolicies() {
  return {
    name: 'site:dev-without-built-page-policies',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((_req, res, next) => {
        const setHeader = res.setHeader.bind(res);
        res.setHeader = (name, value) =>
          name.toLowerCase() === 'content-security-policy' ? res : setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Netlify's Vite plugin, imported only by a dev server that listens (`astro dev`), the one it
 * serves: it loads Netlify's whole local emulation, half a second of every build's CPU.
 * @returns {import('vite').Plugin}
 */
function netlifyUnderDev() {
  return {
    name: 'site:netlify-under-dev',
    apply: 'serve',
    async configureServer(server) {
      if (!server.httpServer) return; // a build's own servers (content sync) do not listen
      const { default: netlify } = await import('@netlify/vite-plugin');
      for (const plugin of netlify(netlifyLocalFeatures)) {
        const hook = plugin.configureServer;
        if (typeof hook === 'function') await hook.call(this, server);
      }
    },
  };
}
