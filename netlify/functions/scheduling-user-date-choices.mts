import type { Config } from '@netlify/functions';
import { userDateChoicesEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the dates a voter chose. */
export default userDateChoicesEndpoint;

export const config: Config = {
  path: '/api/scheduling/user-date-choices/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
