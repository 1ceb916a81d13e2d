// @ts-check
import { existsSync } from 'node:fs';
import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import { defineConfig } from 'astro/config';
import { netlifyLocalFeatures } from './scripts/netlify-local-features.mjs';
import { sitemap } from './src/integrations/sitemap.ts';

// The Netlify Vite plugin does not read .env itself.
if (existsSync('.env')) process.loadEnvFile('.env');

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://example.netlify.app',
  output: 'static',
  trailingSlash: 'ignore',
  // /unauthorized is public (Lighthouse audits it) but has nothing worth a search result.
  integrations: [react(), sitemap({ exclude: ['/unauthorized', '/scheduling_polls/p'] })],
  build: {
    // External stylesheets only: inline <style> would need 'unsafe-inline' in the CSP.
    inlineStylesheets: 'never',
  },
  prefetch: false,
  vite: {
    build: {
      // Never inline scripts or assets as data: the CSP allows scripts from 'self' only.
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          // React, its JSX runtime and the bundler's CommonJS helpers travel together: apart, how the
          // islands happen to share them decides how many small files a page loads.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[:/]runtime/,
              },
            ],
          },
        },
      },
    },
    server: { strictPort: true },
    plugins: [
      // Serves netlify/functions under `astro dev`.
      netlify(netlifyLocalFeatures),
    ],
  },
});
