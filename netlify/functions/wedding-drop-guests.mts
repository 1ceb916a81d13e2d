import type { Config } from '@netlify/functions';
import { dropGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canAdminister } from '../../src/lib/policy.ts';

/** Deletes every invitation (clearance 3). */
export default endpoint({
  method: 'POST',
  handle: async ({ req }) => {
    const admin = await requirePermission(req, canAdminister);
    return dropGuests(admin);
  },
});

export const config: Config = { path: '/api/wedding/drop-guests' };
