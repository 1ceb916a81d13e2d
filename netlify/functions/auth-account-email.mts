import type { Config } from '@netlify/functions';
import { emailChangeRequest } from '../../src/features/auth/schema.ts';
import { changeEmail } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Mails a new email the link that makes it the logged-in user's, once followed. */
export default endpoint({
  method: 'POST',
  access: 'session',
  body: emailChangeRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', asked: await changeEmail(caller, body) }),
});

export const config: Config = { path: '/api/account/email' };
