import type { Config } from '@netlify/functions';
import { logoutEverywhere } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Ends every session of the logged-in user, this one included ("log out everywhere"). */
export default endpoint({
  method: 'POST',
  access: 'session',
  handle: async ({ caller }) => {
    await logoutEverywhere(caller);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/account/logout-everywhere' };
