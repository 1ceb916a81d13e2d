import type { Config } from '@netlify/functions';
import { voteEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** One answer in any poll: yes, if need be (where the poll takes it), or none. */
export default voteEndpoint;

export const config: Config = { path: '/api/scheduling/vote' };
