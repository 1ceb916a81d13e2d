import type { Config } from '@netlify/functions';
import { removeVoterAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Takes a voter out of a poll with all their answers (clearance 3). */
export default removeVoterAdminEndpoint;

export const config: Config = { path: '/api/scheduling/remove-voter' };
