import type { Config } from '@netlify/functions';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { userChoices } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the dates a voter chose. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: ({ req }) => userChoices('date', lastPathSegment(req), new URL(req.url).searchParams.get('username') ?? ''),
});

export const config: Config = {
  path: '/api/scheduling/user-date-choices/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
