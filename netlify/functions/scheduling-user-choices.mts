import type { Config } from '@netlify/functions';
import { voterChoicesEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Lists the schedule item ids a voter chose. */
export default voterChoicesEndpoint('time-slot');

export const config: Config = { path: '/api/scheduling/user-choices/:pollId' };
