import type { Config } from '@netlify/functions';
import { orderStateRequest } from '../../src/features/shop/schema.ts';
import { setOrderState } from '../../src/features/shop/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/** The owner moves an order to new, ready or collected (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: { clearance: CLEARANCE.console },
  body: orderStateRequest,
  handle: async ({ body, caller }) => {
    await setOrderState(caller, body.id, body.state);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/order-state' };
