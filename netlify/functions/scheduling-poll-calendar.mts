import type { Config } from '@netlify/functions';
import { pollCalendarEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** A finalised poll's decision as an .ics file. */
export default pollCalendarEndpoint;

export const config: Config = {
  path: '/api/scheduling/poll-calendar/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
