import type { Config } from '@netlify/functions';
import { pendingJoinRequests } from '../../src/features/forum/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** The requests to join the forum waiting for the owner (clearance 3), oldest first. */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', requests: await pendingJoinRequests(caller) }),
});

export const config: Config = { path: '/api/forum/join-requests' };
