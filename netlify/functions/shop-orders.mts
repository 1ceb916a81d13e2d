import type { Config } from '@netlify/functions';
import { orderHistory } from '../../src/features/shop/service.server.ts';
import { pageQuery } from '../../src/lib/page-cursor.ts';
import { endpoint, parseWith } from '../../src/server/http.ts';

/** Returns a page of the token user's own orders, newest first (an addition to the spec's calls). */
export default endpoint({
  method: 'GET',
  feature: 'shop',
  access: 'session',
  handle: async ({ req, caller }) => {
    const before = new URL(req.url).searchParams.get('before') ?? undefined;
    const query = parseWith(pageQuery, { before });
    return { status: 'Success', ...(await orderHistory(caller, query.before)) };
  },
});

export const config: Config = {
  path: '/api/dhh/orders',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
