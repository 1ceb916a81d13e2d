// The integration tests' functions reach the local store that tests/setup/local-store.ts started,
// reading their settings from process.env, as on Netlify.
import { inject } from 'vitest';

process.env.UPSTASH_REDIS_REST_URL = inject('storeUrl');
process.env.UPSTASH_REDIS_REST_TOKEN = inject('storeToken');

// The integration files share one store, so one day's site-wide budget for requests to confirm an
// address (10 by default) would run out across them in an order-dependent way; the test of that
// budget sets it itself (tests/integration/caps.test.ts).
process.env.MAIL_DAILY_ADDRESS_CAP ??= '100000';
