import type { Config } from '@netlify/functions';
import { deleteItemRequest } from '../../src/features/shop/schema.ts';
import { deleteCartItem } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Removes one line from the token user's cart. */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: deleteItemRequest,
  handle: async ({ body, caller }) => {
    await deleteCartItem(caller, body.ownerId, body.itemId);
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/dhh/delete-item',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
