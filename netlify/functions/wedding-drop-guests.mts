import type { Config } from '@netlify/functions';
import { dropGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Deletes every invitation (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', ...(await dropGuests(caller)) }),
});

export const config: Config = { path: '/api/wedding/drop-guests' };
