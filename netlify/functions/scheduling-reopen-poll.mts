import type { Config } from '@netlify/functions';
import { reopenPollEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Reopens a finalised poll (its organiser, or clearance 3). */
export default reopenPollEndpoint;

export const config: Config = { path: '/api/scheduling/reopen-poll' };
