// Fails a production build that lacks a setting production requires (src/server/settings.ts), so a
// deploy cannot go live with canonical links at example.netlify.app or a login that answers 503.
// Netlify sets CONTEXT=production for the production branch's builds; deploy previews, branch
// deploys and local builds keep building without them.
import type { AstroIntegration } from 'astro';
import { type Env, describeMissing, missingSettings } from '../server/settings.ts';

/** Says what a production build lacks, or undefined when it has everything (or is not a production build). */
export function buildSettingsError(env: Env): string | undefined {
  if (env.CONTEXT?.trim() !== 'production') return undefined;
  const missing = missingSettings(env);
  if (missing.length === 0) return undefined;
  return [
    `This production build (CONTEXT=production) is missing required settings: ${missing.join(', ')}.`,
    describeMissing(missing),
    'Set them in Netlify (Site configuration → Environment variables, for the production context) and deploy again. See docs/operations.md.',
  ].join('\n');
}

/** Returns the integration that stops `astro build` when buildSettingsError finds something missing. */
export function requiredSettings(env: Env = process.env): AstroIntegration {
  return {
    name: 'site:required-settings',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const error = buildSettingsError(env);
        if (error) throw new Error(error);
      },
    },
  };
}
