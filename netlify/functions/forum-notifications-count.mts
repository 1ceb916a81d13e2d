import type { Config } from '@netlify/functions';
import { unseenNotifications } from '../../src/features/forum/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/** How many of the member's notifications are new, for the user menu (clearance 2 or more). */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  handle: async ({ caller }) => ({ status: 'Success', unseen: await unseenNotifications(caller) }),
});

export const config: Config = {
  path: '/api/forum/notifications/count',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
