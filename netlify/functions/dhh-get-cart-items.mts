import type { Config } from '@netlify/functions';
import { cartOwnerRequest } from '../../src/features/shop/schema.ts';
import { cartItems } from '../../src/features/shop/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Returns the token user's cart. */
export default endpoint({
  method: 'POST',
  body: cartOwnerRequest,
  handle: async ({ req, body }) => ({
    status: 'Success',
    cartItems: await cartItems(await requireUser(req), body.username),
  }),
});

export const config: Config = { path: '/api/dhh/get-cart-items' };
