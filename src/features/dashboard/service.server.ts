import { AppError } from '../../server/app-error.ts';
import type { SessionUser } from '../../server/session.ts';
import * as repo from './repo.server.ts';
import { NEVER_WON } from '../../lib/scores.ts';
import { type Score } from './schema.ts';

/** Refuses a userName that is not the token's own: scores are private to their player. */
type Player = Pick<SessionUser, 'username' | 'session'>;

function assertOwnScores(user: Player, userName: string): void {
  if (userName.toLowerCase() !== user.username.toLowerCase()) {
    throw new AppError('forbidden', 'You can only see and save your own scores.');
  }
}

/** Returns the user's best scores, one entry per game (7 for a word game never won). */
export async function allScores(user: Player, userName: string): Promise<Score[]> {
  assertOwnScores(user, userName);
  const stored = await repo.readScores(user.username, user.session);
  return [{ game: 'wordGame', bestScore: stored.wordGame ?? NEVER_WON }];
}

/** Records a word-game result (7 only reads) and returns the best round count. */
export async function recordWordGame(user: Player, userName: string, roundScore: number): Promise<number> {
  assertOwnScores(user, userName);
  return repo.recordBest(user.username, 'wordGame', roundScore, user.session);
}
