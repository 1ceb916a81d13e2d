import type { Config } from '@netlify/functions';
import { pollCommentsEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** A poll's comments, oldest first. */
export default pollCommentsEndpoint;

export const config: Config = {
  path: '/api/scheduling/poll-comments/:pollId',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
