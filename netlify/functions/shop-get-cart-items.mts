import type { Config } from '@netlify/functions';
import { cartOwnerRequest } from '../../src/features/shop/schema.ts';
import { pricedCart } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Returns the token user's cart, priced, with its total. */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: cartOwnerRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await pricedCart(caller, body.username)) }),
});

export const config: Config = {
  path: '/api/dhh/get-cart-items',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
