import type { Config } from '@netlify/functions';
import { pollVotersEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** A poll's voters with their answers, addresses and how they were told (its organiser, or clearance 3). */
export default pollVotersEndpoint;

export const config: Config = {
  path: '/api/scheduling/poll-voters/:pollId',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
