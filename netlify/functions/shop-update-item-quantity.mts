import type { Config } from '@netlify/functions';
import { updateItemQuantityRequest } from '../../src/features/shop/schema.ts';
import { updateItemQuantity } from '../../src/features/shop/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Sets the quantity of one line of the token user's cart (an addition to the spec's calls). */
export default endpoint({
  method: 'POST',
  feature: 'shop',
  access: 'session',
  body: updateItemQuantityRequest,
  handle: async ({ body, caller }) => {
    await updateItemQuantity(caller, body);
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/dhh/update-item-quantity',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
