import type { Config } from '@netlify/functions';
import { rsvpReadRequest } from '../../src/features/wedding/schema.ts';
import { readInvitation } from '../../src/features/wedding/rsvp/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Reads the household a private RSVP link finds (its token in the body: the page has it from the
 * address's fragment, so it never travels in a URL). A POST, as the spec's reads with a body are.
 */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: 'public',
  body: rsvpReadRequest,
  handle: async ({ req, context, body }) => ({
    status: 'Success',
    ...(await readInvitation(body.token, clientAddress(req, context))),
  }),
});

export const config: Config = {
  path: '/api/wedding/rsvp/read',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
