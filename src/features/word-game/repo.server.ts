import { hashReply } from '../../server/redis.ts';
import { wordGameKeys } from './keys.server.ts';
import { STATS_FIELDS, recordWordGame } from './scripts.server.ts';
import { type SessionCheck, checkedRead } from '../../server/session.ts';
import { type AllStats, type GameResult, NEVER_WON, type Stats, emptyStats } from './stats.ts';

/** A stats hash's or a script's numbers for a mode, in STATS_FIELDS order, as Stats. */
function toStats([played, d1, d2, d3, d4, d5, d6, current, max, last]: number[]): Stats {
  return {
    played: played!,
    distribution: [d1!, d2!, d3!, d4!, d5!, d6!],
    currentStreak: current!,
    maxStreak: max!,
    lastDay: last!,
  };
}

/** Stats as numbers in STATS_FIELDS order. */
function fromStats(stats: Stats): number[] {
  return [stats.played, ...stats.distribution, stats.currentStreak, stats.maxStreak, stats.lastDay];
}

export interface WordGameRecord {
  rounds: number;
  result?: GameResult | undefined;
  merge?: { id: string; stats: AllStats } | undefined;
}

/**
 * Records a word-game round count for the account `id` (its account key), and the game's result and
 * a guest's statistics when given (each once, by id), while the session is current: one round
 * trip. Answers the best round count and the statistics.
 */
export async function recordGame(
  id: string,
  { rounds, result, merge }: WordGameRecord,
  session: SessionCheck,
): Promise<{ best: number; stats: AllStats }> {
  const reply = await recordWordGame.runChecked(
    session,
    { scores: wordGameKeys.scores(id), stats: wordGameKeys.stats(id), seen: wordGameKeys.seen(id) },
    {
      game: 'wordGame',
      rounds,
      neverWon: NEVER_WON,
      now: Date.now(),
      ...(result && {
        result: { id: result.id, mode: result.mode, won: result.won, guesses: result.guesses, day: result.day },
      }),
      ...(merge && {
        merge: { id: merge.id, daily: fromStats(merge.stats.daily), practice: fromStats(merge.stats.practice) },
      }),
    },
  );
  return { best: reply.best, stats: { daily: toStats(reply.daily), practice: toStats(reply.practice) } };
}

/** Reads an account's best scores by game and the word game's statistics, while the session is current. */
export async function readScores(
  id: string,
  session: SessionCheck,
): Promise<{ best: Record<string, number>; stats: AllStats }> {
  const [scores, stats] = await checkedRead(session, (pipe) =>
    pipe.hgetall(wordGameKeys.scores(id)).hgetall(wordGameKeys.stats(id)),
  );
  const best = Object.fromEntries(
    Object.entries(hashReply(scores) ?? {}).map(([game, value]) => [game, Number(value)]),
  );
  const hash = hashReply(stats) ?? {};
  const modeStats = (mode: string) => {
    const fallback = fromStats(emptyStats());
    return toStats(STATS_FIELDS.map((field, index) => Number(hash[`${mode}:${field}`] ?? fallback[index])));
  };
  return { best, stats: { daily: modeStats('daily'), practice: modeStats('practice') } };
}
