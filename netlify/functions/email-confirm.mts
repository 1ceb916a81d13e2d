import type { Config } from '@netlify/functions';
import { mailLinkRequest } from '../../src/features/auth/schema.ts';
import { confirmAddress } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Confirms an address from the link the site mailed to it (an unsubscribe link subscribes it again). */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: mailLinkRequest,
  handle: async ({ body }) => ({ status: 'Success', ...(await confirmAddress(body.token)) }),
});

export const config: Config = {
  path: '/api/email/confirm',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
