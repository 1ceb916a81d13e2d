import type { Config } from '@netlify/functions';
import { cartOwnerRequest } from '../../src/features/shop/schema.ts';
import { cartItems } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Returns the token user's cart. */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: cartOwnerRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', cartItems: await cartItems(caller, body.username) }),
});

export const config: Config = {
  path: '/api/dhh/get-cart-items',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
