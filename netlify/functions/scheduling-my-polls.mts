import type { Config } from '@netlify/functions';
import { ownPollsEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Lists the polls the signed-in member made, with their voters. */
export default ownPollsEndpoint;

export const config: Config = {
  path: '/api/scheduling/my-polls',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
