import type { Config } from '@netlify/functions';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { offeredOptions } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the schedule items a time-slot poll offers. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: ({ req }) => offeredOptions('time-slot', lastPathSegment(req)),
});

export const config: Config = {
  path: '/api/scheduling/schedule-items/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
