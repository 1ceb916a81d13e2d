import type { Config } from '@netlify/functions';
import { createCartItemRequest } from '../../src/features/shop/schema.ts';
import { addToCart } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Adds pickles to the token user's cart: a new line, or more jars on the line of the same type and size. */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: createCartItemRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await addToCart(caller, body)) }),
});

export const config: Config = {
  path: '/api/dhh/create-cart-item',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
