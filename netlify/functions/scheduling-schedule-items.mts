import type { Config } from '@netlify/functions';
import { scheduleItemsEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Lists the schedule items a time-slot poll offers. */
export default scheduleItemsEndpoint;

export const config: Config = {
  path: '/api/scheduling/schedule-items/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
