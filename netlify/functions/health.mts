import type { Config } from '@netlify/functions';
import { AppError } from '../../src/server/app-error.ts';
import { endpoint } from '../../src/server/http.ts';
import { STORE_UNAVAILABLE, pingStore } from '../../src/server/redis.ts';

/** Reports whether the site can reach its data store (for uptime checks and the serve script). */
export default endpoint({
  method: 'GET',
  access: 'public',
  async handle() {
    if (!(await pingStore())) throw new AppError('unavailable', STORE_UNAVAILABLE, { 'Retry-After': '5' });
    return { status: 'ok', store: 'up' };
  },
});

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
