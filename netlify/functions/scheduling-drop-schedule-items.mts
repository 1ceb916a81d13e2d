import type { Config } from '@netlify/functions';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';
import { dropCatalogue } from '../../src/features/scheduling/configured/service.server.ts';

/** The console's drop-schedule-items action (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => ({ status: 'Success', ...(await dropCatalogue(caller, 'items')) }),
});

export const config: Config = { path: '/api/scheduling/drop-schedule-items' };
