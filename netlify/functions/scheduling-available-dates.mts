import type { Config } from '@netlify/functions';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { offeredOptions } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the dates the date poll offers. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: ({ req }) => offeredOptions('date', lastPathSegment(req)),
});

export const config: Config = {
  path: '/api/scheduling/available-dates/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
