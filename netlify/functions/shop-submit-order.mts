import type { Config } from '@netlify/functions';
import { submitOrderRequest } from '../../src/features/shop/schema.ts';
import { submitOrder } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Turns the token user's cart into an order, for pickup on the day chosen (pickup; the first
 * offered without one), and mails a confirmation.
 */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: submitOrderRequest,
  botCheck: 'login',
  handle: async ({ body, requestId, caller }) => {
    await submitOrder(caller, body, requestId);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/submit-order' };
