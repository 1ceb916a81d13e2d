import type { Config } from '@netlify/functions';
import { detailsRequest } from '../../src/features/auth/schema.ts';
import { updateDetails } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Sets the logged-in user's first and last name; answers a fresh token carrying them. */
export default endpoint({
  method: 'POST',
  access: 'session',
  body: detailsRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', user: await updateDetails(caller, body) }),
});

export const config: Config = { path: '/api/account/details' };
