import type { Config } from '@netlify/functions';
import { markOrdersSeen } from '../../src/features/shop/service.server.ts';
import { seenRequest } from '../../src/lib/page-cursor.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/** The owner has seen the orders placed up to a time (clearance 3): the inbox counts only later ones. */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: { clearance: CLEARANCE.console },
  body: seenRequest,
  handle: async ({ body, caller }) => {
    await markOrdersSeen(caller, body.upTo);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/orders-seen' };
