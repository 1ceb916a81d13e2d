import type { Config } from '@netlify/functions';
import { voterEmailEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Keeps the address a voter leaves to hear the decision (shown only to the poll's organiser). */
export default voterEmailEndpoint;

export const config: Config = { path: '/api/scheduling/voter-email' };
