import type { Config } from '@netlify/functions';
import { loginRequest } from '../../src/features/auth/schema.ts';
import { login } from '../../src/features/auth/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Exchanges a username and password for a session token. */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: loginRequest,
  botCheck: 'login',
  handle: async ({ req, context, body }) => ({
    status: 'Success',
    user: await login(body, clientAddress(req, context)),
  }),
});

export const config: Config = { path: '/api/login' };
