import type { Config } from '@netlify/functions';
import { account } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Returns the logged-in user's stored details, for the dashboard, with a fresh token for the same
 * session when the account's clearance has been raised since the token was signed.
 */
export default endpoint({
  method: 'GET',
  access: 'session',
  handle: async ({ caller }) => ({ status: 'Success', ...(await account(caller)) }),
});

export const config: Config = { path: '/api/account' };
