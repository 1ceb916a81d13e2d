import type { Config } from '@netlify/functions';
import { allGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Lists every invitation, with each household's RSVP link and answer times (clearance 3). */
export default endpoint({
  method: 'GET',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', ...(await allGuests(caller)) }),
});

export const config: Config = { path: '/api/wedding/get-all-guests' };
