import type { Config } from '@netlify/functions';
import { markNotificationsSeen } from '../../src/features/forum/service.server.ts';
import { seenRequest } from '../../src/lib/page-cursor.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/** The member has seen their notifications up to a time (clearance 2 or more): the count names only later ones. */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  body: seenRequest,
  handle: async ({ body, caller }) => {
    await markNotificationsSeen(caller, body.upTo);
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/forum/notifications/seen',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
