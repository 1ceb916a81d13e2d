import type { Config } from '@netlify/functions';
import { allScoresRequest } from '../../src/features/word-game/schema.ts';
import { allScores } from '../../src/features/word-game/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Returns the logged-in user's best scores. */
export default endpoint({
  method: 'POST',
  feature: 'wordGame',
  access: 'session',
  body: allScoresRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', scores: await allScores(caller, body.userName) }),
});

export const config: Config = {
  path: '/api/scoring/all-scores',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
