// The integration tests' functions reach the local store that tests/setup/local-store.ts started,
// reading their settings from process.env, as on Netlify.
import { inject } from 'vitest';

process.env.UPSTASH_REDIS_REST_URL = inject('storeUrl');
process.env.UPSTASH_REDIS_REST_TOKEN = inject('storeToken');
