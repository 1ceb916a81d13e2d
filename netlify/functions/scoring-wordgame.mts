import type { Config } from '@netlify/functions';
import { wordGameScoreRequest } from '../../src/features/dashboard/schema.ts';
import { recordWordGame } from '../../src/features/dashboard/service.server.ts';
import { endpoint, requireUser } from '../../src/server/http.ts';

/** Records a word-game round count (7 only reads) and returns the best one. */
export default endpoint({
  method: 'POST',
  body: wordGameScoreRequest,
  handle: async ({ req, body }) => ({
    status: 'Success',
    bestScore: await recordWordGame(await requireUser(req), body.userName, body.roundScore),
  }),
});

export const config: Config = { path: '/api/scoring/wordgame' };
