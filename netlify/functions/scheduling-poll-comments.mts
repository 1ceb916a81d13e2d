import type { Config } from '@netlify/functions';
import { endpoint, json, lastPathSegment } from '../../src/server/http.ts';
import { readerCache } from '../../src/features/scheduling/poll/service.server.ts';
import { pollComments } from '../../src/features/scheduling/comments/service.server.ts';

/** A poll's comments, oldest first. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'optional-session',
  handle: async ({ req, caller }) => {
    const { version, ...comments } = await pollComments(lastPathSegment(req), caller);
    return json(comments, 200, readerCache(req, caller, version));
  },
});

export const config: Config = {
  path: '/api/scheduling/poll-comments/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
