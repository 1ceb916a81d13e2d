import type { Config } from '@netlify/functions';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canAdminister } from '../../src/lib/policy.ts';

/** Loads the owner's guest list into an empty store (clearance 3). */
export default endpoint({
  method: 'POST',
  handle: async ({ req }) => {
    const admin = await requirePermission(req, canAdminister);
    return createGuests(admin);
  },
});

export const config: Config = { path: '/api/wedding/create-guests' };
