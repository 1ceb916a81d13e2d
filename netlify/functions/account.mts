import type { Config } from '@netlify/functions';
import { account } from '../../src/features/auth/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Returns the logged-in user's stored details, for the dashboard. */
export default endpoint({
  method: 'GET',
  handle: async ({ req }) => ({ status: 'Success', user: await account(await requireUser(req)) }),
});

export const config: Config = { path: '/api/account' };
