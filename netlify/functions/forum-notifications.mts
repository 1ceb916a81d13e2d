import type { Config } from '@netlify/functions';
import { notifications } from '../../src/features/forum/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * The member's notifications, newest first: replies in threads they started and mentions
 * of their name (clearance 2 or more).
 */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  handle: async ({ caller }) => ({ status: 'Success', ...(await notifications(caller)) }),
});

export const config: Config = {
  path: '/api/forum/notifications',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
