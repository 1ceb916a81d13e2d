import type { Config } from '@netlify/functions';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { choicesWithUsers } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists who chose which date of the date poll. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: ({ req }) => choicesWithUsers('date', lastPathSegment(req)),
});

export const config: Config = {
  path: '/api/scheduling/date-choices-with-users/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
