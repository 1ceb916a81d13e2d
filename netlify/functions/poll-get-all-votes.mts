import type { Config } from '@netlify/functions';
import { getAllVotesRequest } from '../../src/features/poll/schema.ts';
import { pollState } from '../../src/features/poll/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Lists a poll question's votes, one record per selected option, whether it is closed, and
 * when it closes by itself (endsAt).
 */
export default endpoint({
  method: 'POST',
  feature: 'poll',
  access: 'public',
  body: getAllVotesRequest,
  handle: async ({ body }) => ({ status: 'Success', ...(await pollState(body.question)) }),
});

export const config: Config = {
  path: '/api/poll/get-all-votes',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
