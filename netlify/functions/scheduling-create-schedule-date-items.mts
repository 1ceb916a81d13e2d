import type { Config } from '@netlify/functions';
import { adminEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** The console's create-schedule-date-items action (clearance 3). */
export default adminEndpoint('create-schedule-date-items');

export const config: Config = { path: '/api/scheduling/create-schedule-date-items' };
