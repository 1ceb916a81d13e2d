import type { Config } from '@netlify/functions';
import { exportedRequest } from '../../src/features/wedding/schema.ts';
import { recordExport } from '../../src/features/wedding/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Records the console's whole-list CSV export, as of the list it was made from (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: { clearance: CLEARANCE.console },
  body: exportedRequest,
  handle: async ({ caller, body }) => ({ status: 'Success', lastExportAt: await recordExport(caller, body.asOf) }),
});

export const config: Config = { path: '/api/wedding/exported' };
