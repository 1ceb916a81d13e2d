import type { Config } from '@netlify/functions';
import { updateItemQuantityRequest } from '../../src/features/shop/schema.ts';
import { updateItemQuantity } from '../../src/features/shop/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Sets the quantity of one line of the token user's cart (an addition to the spec's calls). */
export default endpoint({
  method: 'POST',
  body: updateItemQuantityRequest,
  handle: async ({ req, body }) => {
    await updateItemQuantity(await requireUser(req), body);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/dhh/update-item-quantity' };
