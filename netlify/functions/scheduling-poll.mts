import type { Config } from '@netlify/functions';
import { pollEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** A poll: its title, zone, options, decision and version. */
export default pollEndpoint;

export const config: Config = {
  path: '/api/scheduling/poll/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
