import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** The console's drop-schedule-polls action (clearance 3). */
export default adminEndpoint('drop-schedule-polls');

export const config: Config = { path: '/api/scheduling/drop-schedule-polls' };
