import type { Config } from '@netlify/functions';
import { availableDatesEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the dates the date poll offers. */
export default availableDatesEndpoint;

export const config: Config = {
  path: '/api/scheduling/available-dates/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
