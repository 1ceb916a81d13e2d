import type { Config } from '@netlify/functions';
import { mailLinkRequest } from '../../src/features/auth/schema.ts';
import { unsubscribe } from '../../src/features/auth/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Stops all mail to an address, from the link at the foot of every mail the site sent it. */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: mailLinkRequest,
  handle: async ({ body }) => ({ status: 'Success', ...(await unsubscribe(body.token)) }),
});

export const config: Config = {
  path: '/api/email/unsubscribe',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
