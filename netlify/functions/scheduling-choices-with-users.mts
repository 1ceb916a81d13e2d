import type { Config } from '@netlify/functions';
import { choicesWithUsersEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists who chose which time slot of a poll. */
export default choicesWithUsersEndpoint;

export const config: Config = {
  path: '/api/scheduling/choices-with-users/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
