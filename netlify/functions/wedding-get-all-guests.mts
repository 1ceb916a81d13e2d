import type { Config } from '@netlify/functions';
import { allGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint, requireClearance } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Lists every invitation (clearance 3). */
export default endpoint({
  method: 'GET',
  handle: async ({ req }) => {
    await requireClearance(req, CLEARANCE.console);
    return { status: 'Success', guests: await allGuests() };
  },
});

export const config: Config = { path: '/api/wedding/get-all-guests' };
