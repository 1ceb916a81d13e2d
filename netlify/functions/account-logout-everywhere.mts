import type { Config } from '@netlify/functions';
import { logoutEverywhere } from '../../src/features/auth/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Ends every session of the logged-in user, this one included ("log out everywhere"). */
export default endpoint({
  method: 'POST',
  handle: async ({ req }) => {
    await logoutEverywhere(await requireUser(req));
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/account/logout-everywhere' };
