import type { Config } from '@netlify/functions';
import { deletePollEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Deletes a poll and its votes (its organiser, or clearance 3). */
export default deletePollEndpoint;

export const config: Config = { path: '/api/scheduling/delete-poll' };
