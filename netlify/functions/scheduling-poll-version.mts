import type { Config } from '@netlify/functions';
import { pollVersionEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** A poll's version, which every change raises: an open page's cheap check for news. */
export default pollVersionEndpoint;

export const config: Config = {
  path: '/api/scheduling/poll-version/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
