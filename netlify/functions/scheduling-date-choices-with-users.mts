import type { Config } from '@netlify/functions';
import { dateChoicesWithUsersEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists who chose which date of the date poll. */
export default dateChoicesWithUsersEndpoint;

export const config: Config = {
  path: '/api/scheduling/date-choices-with-users/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
