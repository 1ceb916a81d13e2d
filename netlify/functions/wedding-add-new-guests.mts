import type { Config } from '@netlify/functions';
import { addNewGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canAdminister } from '../../src/lib/policy.ts';

/** Loads the invitations the store does not have yet (clearance 3). */
export default endpoint({
  method: 'POST',
  handle: async ({ req }) => {
    const admin = await requirePermission(req, canAdminister);
    return addNewGuests(admin);
  },
});

export const config: Config = { path: '/api/wedding/add-new-guests' };
