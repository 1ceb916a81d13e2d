import type { Config } from '@netlify/functions';
import { dropGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint, requireClearance } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Deletes every invitation (clearance 3). */
export default endpoint({
  method: 'POST',
  handle: async ({ req }) => {
    await requireClearance(req, CLEARANCE.console);
    return dropGuests();
  },
});

export const config: Config = { path: '/api/wedding/drop-guests' };
