import type { Config } from '@netlify/functions';
import { reopenPollAdminEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Reopens a finalised poll (clearance 3). */
export default reopenPollAdminEndpoint;

export const config: Config = { path: '/api/scheduling/reopen-poll' };
