import type { Config } from '@netlify/functions';
import { rsvpInbox } from '../../src/features/wedding/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * The owner's inbox (clearance 3): every RSVP page answer, the latest first, and how many came since they last looked.
 */
export default endpoint({
  method: 'GET',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', ...(await rsvpInbox(caller)) }),
});

export const config: Config = { path: '/api/wedding/rsvps' };
