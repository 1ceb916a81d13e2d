import type { Config } from '@netlify/functions';
import { submitOrderRequest } from '../../src/features/shop/schema.ts';
import { submitOrder } from '../../src/features/shop/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Turns the token user's cart into an order and mails a confirmation. */
export default endpoint({
  method: 'POST',
  body: submitOrderRequest,
  botCheck: 'login',
  handle: async ({ req, body, requestId }) => {
    await submitOrder(await requireUser(req), body, requestId);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/submit-order' };
