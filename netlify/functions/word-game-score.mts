import type { Config } from '@netlify/functions';
import { wordGameScoreRequest } from '../../src/features/word-game/schema.ts';
import { recordWordGame } from '../../src/features/word-game/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/**
 * Records a word-game round count (7 only reads) and returns the best one, with the statistics per
 * mode; the optional `result` (the game just finished) and `merge` (a guest's statistics, at login)
 * are counted in the same round trip, each once.
 */
export default endpoint({
  method: 'POST',
  feature: 'wordGame',
  access: 'session',
  body: wordGameScoreRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await recordWordGame(caller, body)) }),
});

export const config: Config = {
  path: '/api/scoring/wordgame',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
