import type { Config } from '@netlify/functions';
import { deletePollAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Deletes a poll and its votes (clearance 3). */
export default deletePollAdminEndpoint;

export const config: Config = { path: '/api/scheduling/delete-poll' };
