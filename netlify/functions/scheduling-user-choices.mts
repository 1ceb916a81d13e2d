import type { Config } from '@netlify/functions';
import { userChoicesEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the schedule item ids a voter chose. */
export default userChoicesEndpoint;

export const config: Config = {
  path: '/api/scheduling/user-choices/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
