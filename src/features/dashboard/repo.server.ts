import { keys, usernameKey } from '../../server/keys.ts';
import { hashReply } from '../../server/redis.ts';
import { keepBestScore } from '../../server/scripts/dashboard.ts';
import { type SessionCheck, checkedRead } from '../../server/session.ts';
import { NEVER_WON } from '../../lib/scores.ts';

/** Records a round count for a game and returns the best (lowest) one, while the session is current. */
export async function recordBest(
  username: string,
  game: string,
  rounds: number,
  session: SessionCheck,
): Promise<number> {
  return keepBestScore.runChecked(session, [keys.scores(usernameKey(username))], [game, rounds, NEVER_WON]);
}

/** Reads a user's best scores by game, while the session is current. */
export async function readScores(username: string, session: SessionCheck): Promise<Record<string, number>> {
  const [reply] = await checkedRead(session, (pipe) => pipe.hgetall(keys.scores(usernameKey(username))));
  const hash = hashReply(reply) ?? {};
  return Object.fromEntries(Object.entries(hash).map(([game, value]) => [game, Number(value)]));
}
