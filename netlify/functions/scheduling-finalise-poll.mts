import type { Config } from '@netlify/functions';
import { finalisePollEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Finalises a poll on one of its options (its organiser, or clearance 3). */
export default finalisePollEndpoint;

export const config: Config = { path: '/api/scheduling/finalise-poll' };
