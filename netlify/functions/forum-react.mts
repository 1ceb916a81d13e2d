import type { Config } from '@netlify/functions';
import { reactRequest } from '../../src/features/forum/schema.ts';
import { react } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/**
 * Gives (`on: true`) or takes back (`on: false`) the token user's reaction on a message or reply
 * (clearance 2 or more), once per member; answers the message's reactions after it.
 */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  body: reactRequest,
  handle: async ({ req, body, caller }) => ({
    status: 'Success',
    ...(await react(caller, lastPathSegment(req), body)),
  }),
});

export const config: Config = {
  path: '/api/messages/react/:id',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
