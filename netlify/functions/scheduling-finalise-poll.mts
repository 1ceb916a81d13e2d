import type { Config } from '@netlify/functions';
import { finalisePollAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Finalises a poll on one of its options (clearance 3). */
export default finalisePollAdminEndpoint;

export const config: Config = { path: '/api/scheduling/finalise-poll' };
