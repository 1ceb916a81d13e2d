import type { Config } from '@netlify/functions';
import { listPollsAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Lists the polls, with their voters (clearance 3). */
export default listPollsAdminEndpoint;

export const config: Config = { path: '/api/scheduling/polls' };
