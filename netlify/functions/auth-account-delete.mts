import type { Config } from '@netlify/functions';
import { deleteAccountRequest } from '../../src/features/auth/schema.ts';
import { deleteOwnAccount } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Deletes the logged-in user's account, given its password, as the CLI's delete-user does. */
export default endpoint({
  method: 'POST',
  access: 'session',
  body: deleteAccountRequest,
  handle: async ({ body, caller }) => {
    await deleteOwnAccount(caller, body);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/account/delete' };
