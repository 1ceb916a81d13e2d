import type { Config } from '@netlify/functions';
import { download, endpoint, lastPathSegment } from '../../src/server/http.ts';
import { pollCalendar } from '../../src/features/scheduling/poll/service.server.ts';

/** A finalised poll's decision as an .ics file. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'public',
  handle: async ({ req }) =>
    download(await pollCalendar(lastPathSegment(req)), 'text/calendar; charset=utf-8', 'decision.ics'),
});

export const config: Config = {
  path: '/api/scheduling/poll-calendar/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
