import type { Config } from '@netlify/functions';
import { askToJoinRequest } from '../../src/features/forum/schema.ts';
import { askToJoin } from '../../src/features/forum/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Asks the owner to let the token user into the forum (any token: those below the forum's
 * clearance ask; a member is told they are in), with an optional note; answers the request.
 */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: 'session',
  body: askToJoinRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: 'Success',
    request: await askToJoin(caller, clientAddress(req, context), body),
  }),
});

export const config: Config = {
  path: '/api/forum/ask-to-join',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
