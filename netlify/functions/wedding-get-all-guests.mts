import type { Config } from '@netlify/functions';
import { allGuests } from '../../src/features/wedding/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canAdminister } from '../../src/lib/policy.ts';

/** Lists every invitation (clearance 3). */
export default endpoint({
  method: 'GET',
  handle: async ({ req }) => {
    const admin = await requirePermission(req, canAdminister);
    return { status: 'Success', guests: await allGuests(admin) };
  },
});

export const config: Config = { path: '/api/wedding/get-all-guests' };
