import type { Config } from '@netlify/functions';
import { resetRequest } from '../../src/features/auth/schema.ts';
import { askToResetPassword } from '../../src/features/auth/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Mails a link to choose a new password to the account's verified email, after the answer, which is
 * the same, and as quick, whether or not there is one.
 */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: resetRequest,
  botCheck: 'login',
  handle: async ({ req, context, body, later }) => {
    await askToResetPassword(body, clientAddress(req, context), later);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/password-reset' };
