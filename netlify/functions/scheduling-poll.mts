import type { Config } from '@netlify/functions';
import { endpoint, json, lastPathSegment } from '../../src/server/http.ts';
import { atVersion, poll } from '../../src/features/scheduling/poll/service.server.ts';

/** A poll: its title, zone, options, decision and version. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: async ({ req }) => {
    const found = await poll(lastPathSegment(req));
    return json(found, 200, atVersion(req, found.version));
  },
});

export const config: Config = {
  path: '/api/scheduling/poll/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
