import { keys, usernameKey } from '../../server/keys.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { keepBestScore } from '../../server/scripts/dashboard.ts';
import { NEVER_WON } from '../../lib/scores.ts';

/** Records a round count for a game and returns the best (lowest) one. */
export async function recordBest(username: string, game: string, rounds: number): Promise<number> {
  return keepBestScore.run([keys.scores(usernameKey(username))], [game, rounds, NEVER_WON]);
}

/** Reads a user's best scores by game. */
export async function readScores(username: string): Promise<Record<string, number>> {
  const hash = hashReply(await redis().hgetall(keys.scores(usernameKey(username)))) ?? {};
  return Object.fromEntries(Object.entries(hash).map(([game, value]) => [game, Number(value)]));
}
