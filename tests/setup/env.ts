import { inject } from 'vitest';

// Functions read their settings from process.env, as on Netlify.
process.env.UPSTASH_REDIS_REST_URL = inject('storeUrl');
process.env.UPSTASH_REDIS_REST_TOKEN = inject('storeToken');

// vitest.config.ts pins a time zone away from UTC; a run that lost it would hide time-zone bugs.
if (new Date('2026-01-15T12:00:00Z').getTimezoneOffset() === 0) {
  throw new Error('The unit tests must run in a non-UTC time zone (TZ is set in vitest.config.ts).');
}
