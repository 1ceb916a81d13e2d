import type { Config } from '@netlify/functions';
import { cartOwnerRequest } from '../../src/features/shop/schema.ts';
import { clearCart } from '../../src/features/shop/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Empties the token user's cart. */
export default endpoint({
  method: 'POST',
  body: cartOwnerRequest,
  handle: async ({ req, body }) => {
    await clearCart(await requireUser(req), body.username);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/clear-cart' };
