import type { Config } from '@netlify/functions';
import { removeVoterEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Takes a voter out of a poll with all their answers (its organiser, or clearance 3). */
export default removeVoterEndpoint;

export const config: Config = { path: '/api/scheduling/remove-voter' };
