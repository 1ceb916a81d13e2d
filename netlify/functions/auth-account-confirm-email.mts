import type { Config } from '@netlify/functions';
import { askToVerifyEmail } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Mails the logged-in user's email a link that verifies it as the account's. */
export default endpoint({
  method: 'POST',
  access: 'session',
  handle: async ({ caller }) => ({ status: 'Success', asked: await askToVerifyEmail(caller) }),
});

export const config: Config = { path: '/api/account/confirm-email' };
