import type { Config } from '@netlify/functions';
import { digestRequest } from '../../src/features/forum/schema.ts';
import { setDigest } from '../../src/features/forum/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Asks for a daily digest of the member's notifications by mail (to their verified address
 * only), or stops it (clearance 2 or more).
 */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  body: digestRequest,
  handle: async ({ body, caller }) => {
    await setDigest(caller, body.on);
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/forum/notifications/digest',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
