import type { Config } from '@netlify/functions';
import { passwordChangeRequest } from '../../src/features/auth/schema.ts';
import { changePassword } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Changes the logged-in user's password, given the current one; other sessions end, this one gets a new token. */
export default endpoint({
  method: 'POST',
  access: 'session',
  body: passwordChangeRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', user: await changePassword(caller, body) }),
});

export const config: Config = { path: '/api/account/password' };
