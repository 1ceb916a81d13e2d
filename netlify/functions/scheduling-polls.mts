import type { Config } from '@netlify/functions';
import { listPollsAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Lists a page of every poll, with its voters and organiser (clearance 3). */
export default listPollsAdminEndpoint;

export const config: Config = { path: '/api/scheduling/polls' };
