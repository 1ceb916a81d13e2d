// The project's `.env`, read the same way by every entry point (astro.config.mjs, `npm start`,
// `npm run dev`, the admin CLI): Node's own parser (process.loadEnvFile), which never overrides a
// variable already set in the environment, so a variable given on the command line wins.
// ENV_FILE=none reads none (the admin CLI's tests, so an owner's .env never points them at
// production).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root, where `.env` lives, wherever the command was started from. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Loads `<root>/.env` when there is one, leaving set variables as they are; returns whether it loaded one. */
export function loadEnvFile(root = PROJECT_ROOT): boolean {
  if (process.env.ENV_FILE === 'none') return false;
  const path = join(root, '.env');
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
