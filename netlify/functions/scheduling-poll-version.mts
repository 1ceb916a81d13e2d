import type { Config } from '@netlify/functions';
import { endpoint, json, lastPathSegment } from '../../src/server/http.ts';
import { LIVE, pollVersion } from '../../src/features/scheduling/poll/service.server.ts';

/** A poll's version, which every change raises: an open page's cheap check for news. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: async ({ req }) => json(await pollVersion(lastPathSegment(req)), 200, LIVE),
});

export const config: Config = {
  path: '/api/scheduling/poll-version/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
