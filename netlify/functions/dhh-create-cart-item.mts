import type { Config } from '@netlify/functions';
import { createCartItemRequest } from '../../src/features/shop/schema.ts';
import { addToCart } from '../../src/features/shop/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Adds pickles to the token user's cart: a new line, or more jars on the line of the same type and size. */
export default endpoint({
  method: 'POST',
  body: createCartItemRequest,
  handle: async ({ req, body }) => ({ status: 'Success', ...(await addToCart(await requireUser(req), body)) }),
});

export const config: Config = { path: '/api/dhh/create-cart-item' };
