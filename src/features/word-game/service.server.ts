import { AppError } from '../../server/app-error.ts';
import type { SessionUser } from '../../server/session.ts';
import { dayNumber } from '../../lib/utc-day.ts';
import * as repo from './repo.server.ts';
import type { Score, WordGameScoreRequest } from './schema.ts';
import { type AllStats, NEVER_WON } from './stats.ts';

/** Refuses a userName that is not the token's own: scores are private to their player. */
type Player = Pick<SessionUser, 'username' | 'accountKey' | 'session'>;

function assertOwnScores(user: Player, userName: string): void {
  if (userName.toLowerCase() !== user.username.toLowerCase()) {
    throw new AppError('forbidden', 'You can only see and save your own scores.');
  }
}

/** Returns the user's best scores, one entry per game (7 for a word game never won), with its statistics. */
export async function allScores(user: Player, userName: string): Promise<Score[]> {
  assertOwnScores(user, userName);
  const { best, stats } = await repo.readScores(user.accountKey, user.session);
  return [{ game: 'wordGame', bestScore: best.wordGame ?? NEVER_WON, stats }];
}

/**
 * Records a word-game round count (7 only reads), the game just finished and a guest's statistics
 * when sent, and returns the best round count and the statistics. A game's day must be today
 * (UTC), or yesterday or tomorrow for a clock a little off or a game finished across midnight.
 */
export async function recordWordGame(
  user: Player,
  { userName, roundScore, result, merge }: WordGameScoreRequest,
): Promise<{ bestScore: number; stats: AllStats }> {
  assertOwnScores(user, userName);
  const today = dayNumber();
  if (result && Math.abs(result.day - today) > 1) throw new AppError('bad_request', 'The game must be from today.');
  if (merge && Math.max(merge.stats.daily.lastDay, merge.stats.practice.lastDay) > today + 1) {
    throw new AppError('bad_request', 'The statistics cannot be from a day still to come.');
  }
  const { best, stats } = await repo.recordGame(user.accountKey, { rounds: roundScore, result, merge }, user.session);
  return { bestScore: best, stats };
}
