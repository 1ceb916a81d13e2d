import type { Config } from '@netlify/functions';
import { createPollAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Makes a poll from the scheduling console's form (clearance 3). */
export default createPollAdminEndpoint;

export const config: Config = { path: '/api/scheduling/create-poll' };
