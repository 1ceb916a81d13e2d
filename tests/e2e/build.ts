// Builds dist/ for the browser tests with sentinel secrets in the environment (see build-secrets.ts).
import { spawnSync } from 'node:child_process';
import { SENTINEL_SECRETS } from './build-secrets.ts';

const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...SENTINEL_SECRETS, ASTRO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
