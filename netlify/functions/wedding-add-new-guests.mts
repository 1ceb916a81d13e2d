import type { Config } from '@netlify/functions';
import { addNewGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Loads the invitations the store does not have yet (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', ...(await addNewGuests(caller)) }),
});

export const config: Config = { path: '/api/wedding/add-new-guests' };
