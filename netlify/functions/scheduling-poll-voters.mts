import type { Config } from '@netlify/functions';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { pollVoters } from '../../src/features/scheduling/organising/service.server.ts';

/** A poll's voters with their answers, addresses and how they were told (its organiser, or clearance 3). */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'session',
  handle: ({ req, caller }) => pollVoters(caller, lastPathSegment(req)),
});

export const config: Config = {
  path: '/api/scheduling/poll-voters/:pollId',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
