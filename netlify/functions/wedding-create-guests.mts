import type { Config } from '@netlify/functions';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Loads the owner's guest list into an empty store (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', ...(await createGuests(caller)) }),
});

export const config: Config = { path: '/api/wedding/create-guests' };
