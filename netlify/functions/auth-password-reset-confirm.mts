import type { Config } from '@netlify/functions';
import { resetPasswordRequest } from '../../src/features/auth/schema.ts';
import { resetPassword } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Sets a new password from the link mailed to reset it; every session ends, and this browser is logged in. */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: resetPasswordRequest,
  handle: async ({ body }) => ({ status: 'Success', user: await resetPassword(body) }),
});

export const config: Config = {
  path: '/api/password-reset/confirm',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
