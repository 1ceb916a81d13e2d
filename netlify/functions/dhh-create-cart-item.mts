import type { Config } from '@netlify/functions';
import { createCartItemRequest } from '../../src/features/shop/schema.ts';
import { addToCart } from '../../src/features/shop/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Adds a line of pickles to the token user's cart. */
export default endpoint({
  method: 'POST',
  body: createCartItemRequest,
  handle: async ({ req, body }) => {
    await addToCart(await requireUser(req), body);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/create-cart-item' };
