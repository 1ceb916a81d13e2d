import type { Config } from '@netlify/functions';
import { registerRequest } from '../../src/features/auth/schema.ts';
import { register } from '../../src/features/auth/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Creates an account (clearance 1) and logs it in. */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: registerRequest,
  botCheck: 'login',
  handle: async ({ req, context, body }) => ({
    status: 'Success',
    user: await register(body, clientAddress(req, context)),
  }),
});

export const config: Config = { path: '/api/register' };
