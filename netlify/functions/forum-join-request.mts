import type { Config } from '@netlify/functions';
import { ownJoinRequest } from '../../src/features/forum/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * The token user's request to join the forum, or null; with a fresh token for the same session
 * when the owner has let them in since their token was signed.
 */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: 'session',
  handle: async ({ caller }) => ({ status: 'Success', ...(await ownJoinRequest(caller)) }),
});

export const config: Config = {
  path: '/api/forum/join-request',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
