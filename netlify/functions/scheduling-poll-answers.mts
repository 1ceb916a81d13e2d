import type { Config } from '@netlify/functions';
import { endpoint, json, lastPathSegment } from '../../src/server/http.ts';
import { pollAnswers, readerCache } from '../../src/features/scheduling/poll/service.server.ts';

/** Every answer of a poll: option, yes or if need be, and who. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'optional-session',
  handle: async ({ req, caller }) => {
    const { votes, version } = await pollAnswers(lastPathSegment(req), caller);
    return json(votes, 200, readerCache(req, caller, version));
  },
});

export const config: Config = {
  path: '/api/scheduling/poll-answers/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
