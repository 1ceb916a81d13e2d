import type { Config } from '@netlify/functions';
import { markRsvpsSeen } from '../../src/features/wedding/service.server.ts';
import { seenRequest } from '../../src/lib/page-cursor.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/** The owner has seen the RSVP answers up to a time (clearance 3): the inbox counts only later ones. */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  body: seenRequest,
  handle: async ({ body, caller }) => {
    await markRsvpsSeen(caller, body.upTo);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/wedding/rsvps-seen' };
