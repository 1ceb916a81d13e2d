import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { listOwnPolls } from '../../src/features/scheduling/organising/service.server.ts';

/** Lists the polls the signed-in member made, with their voters. */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: 'session',
  handle: ({ caller }) => listOwnPolls(caller),
});

export const config: Config = {
  path: '/api/scheduling/my-polls',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
