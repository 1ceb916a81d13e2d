import type { Config } from '@netlify/functions';
import { voterChoicesEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Lists the dates a voter chose. */
export default voterChoicesEndpoint('date');

export const config: Config = { path: '/api/scheduling/user-date-choices/:pollId' };
