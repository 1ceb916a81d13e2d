import type { Config } from '@netlify/functions';
import { joinDecisionRequest } from '../../src/features/forum/schema.ts';
import { decideJoinRequest } from '../../src/features/forum/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/**
 * The owner's decision on a waiting request to join the forum (clearance 3): an approval raises the
 * account to clearance 2 and keeps its sessions; a decline is recorded.
 */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: { clearance: CLEARANCE.console },
  body: joinDecisionRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await decideJoinRequest(caller, body)) }),
});

export const config: Config = { path: '/api/forum/join-requests/decide' };
