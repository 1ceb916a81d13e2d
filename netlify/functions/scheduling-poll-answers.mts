import type { Config } from '@netlify/functions';
import { pollAnswersEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Every answer of a poll: option, yes or if need be, and who. */
export default pollAnswersEndpoint;

export const config: Config = {
  path: '/api/scheduling/poll-answers/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
