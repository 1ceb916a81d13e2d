import { inject } from 'vitest';

// Functions read their settings from process.env, as on Netlify.
process.env.UPSTASH_REDIS_REST_URL = inject('storeUrl');
process.env.UPSTASH_REDIS_REST_TOKEN = inject('storeToken');
