import type { Config } from '@netlify/functions';
import { dismissJoinRequest } from '../../src/features/forum/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Dismisses the notice of the token user's decided request to join: their dashboard no longer shows it. */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: 'session',
  handle: async ({ caller }) => {
    await dismissJoinRequest(caller);
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/forum/join-request/dismiss',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
