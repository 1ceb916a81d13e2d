import type { Config } from '@netlify/functions';
import { allOrders } from '../../src/features/shop/service.server.ts';
import { pageQuery } from '../../src/lib/page-cursor.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint, parseWith } from '../../src/server/http.ts';

/**
 * The owner's inbox (clearance 3): a page of everyone's orders, newest first, and how many came since they last looked.
 */
export default endpoint({
  method: 'GET',
  feature: 'shop',
  access: { clearance: CLEARANCE.console },
  handle: async ({ req, caller }) => {
    const query = parseWith(pageQuery, { before: new URL(req.url).searchParams.get('before') ?? undefined });
    return { status: 'Success', ...(await allOrders(caller, query.before)) };
  },
});

export const config: Config = { path: '/api/dhh/all-orders' };
