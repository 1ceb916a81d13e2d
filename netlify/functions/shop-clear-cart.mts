import type { Config } from '@netlify/functions';
import { cartOwnerRequest } from '../../src/features/shop/schema.ts';
import { clearCart } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Empties the token user's cart. */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: cartOwnerRequest,
  handle: async ({ body, caller }) => {
    await clearCart(caller, body.username);
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/dhh/clear-cart',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
