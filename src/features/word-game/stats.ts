// The word game's scores and statistics, per mode (as NYT Wordle's): games played, wins, the
// current and the longest streak of wins, and how many guesses each win took. Pure, for both
// sides: the page keeps a guest's (store.ts), the server checks what it is sent (schema.ts) and
// keeps a signed-in player's with the same arithmetic in one script (scripts.server.ts).

/** The guesses a word game allows (SPEC section 9: 6 turns). */
export const MAX_TURNS = 6;
/** Best-score sentinel: 7 turns means the word game was never won (SPEC section 9). */
export const NEVER_WON = 7;

export type GameMode = 'daily' | 'practice';
export const GAME_MODES: readonly GameMode[] = ['daily', 'practice'];

export interface Stats {
  played: number;
  /** Wins by the guesses they took: [in 1, in 2, …, in 6]. */
  distribution: number[];
  currentStreak: number;
  maxStreak: number;
  /** The day (days since 1970-01-01, UTC) of the last game; -1 before any. */
  lastDay: number;
}

export type AllStats = Record<GameMode, Stats>;

/** One finished game. */
export interface GameResult {
  /** Random per game: a result recorded twice (a retry, a second merge) counts once. */
  id: string;
  mode: GameMode;
  won: boolean;
  /** The guesses it took, 1 to 6 (6 for a loss). */
  guesses: number;
  /** The day it was played on (days since 1970-01-01, UTC); for a daily game, the puzzle's day. */
  day: number;
}

export function emptyStats(): Stats {
  return { played: 0, distribution: Array<number>(MAX_TURNS).fill(0), currentStreak: 0, maxStreak: 0, lastDay: -1 };
}

export function emptyAllStats(): AllStats {
  return { daily: emptyStats(), practice: emptyStats() };
}

export const wins = (stats: Stats): number => stats.distribution.reduce((sum, count) => sum + count, 0);

/** Wins as a whole percentage of games played (0 before any). */
export function winPercent(stats: Stats): number {
  return stats.played === 0 ? 0 : Math.round((100 * wins(stats)) / stats.played);
}

/**
 * Adds a finished game. A win extends the streak, a loss ends it; in Daily mode a streak also ends
 * with a day missed (a win the day after the last game extends it, any later win starts anew).
 */
export function recordResult(stats: Stats, { mode, won, guesses, day }: GameResult): Stats {
  const distribution = [...stats.distribution];
  if (won) distribution[guesses - 1]! += 1;
  const continues = mode === 'practice' || stats.lastDay === day - 1;
  const currentStreak = won ? (continues ? stats.currentStreak + 1 : 1) : 0;
  return {
    played: stats.played + 1,
    distribution,
    currentStreak,
    maxStreak: Math.max(stats.maxStreak, currentStreak),
    lastDay: Math.max(stats.lastDay, day),
  };
}

/** The current streak as shown on `today`: a Daily streak is over once a day has been missed. */
export function shownStreak(stats: Stats, mode: GameMode, today: number): number {
  return mode === 'daily' && stats.lastDay < today - 1 ? 0 : stats.currentStreak;
}

/**
 * Adds a guest's statistics to an account's (at login): counts add up, the longest streak is the
 * longer, and the current streak is that of whichever played last (the guest's on a tie: they
 * played just now).
 */
export function mergeStats(account: Stats, guest: Stats): Stats {
  const current = guest.lastDay >= account.lastDay ? guest.currentStreak : account.currentStreak;
  return {
    played: account.played + guest.played,
    distribution: account.distribution.map((count, index) => count + (guest.distribution[index] ?? 0)),
    currentStreak: current,
    maxStreak: Math.max(account.maxStreak, guest.maxStreak, current),
    lastDay: Math.max(account.lastDay, guest.lastDay),
  };
}

/** Why these statistics cannot be anyone's (more wins than games, a streak longer than the wins…), if so. */
export function impossibleStats(stats: Stats): string | undefined {
  const whole = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  if (stats.distribution.length !== MAX_TURNS) return `The distribution must have ${MAX_TURNS} counts.`;
  if (![stats.played, stats.currentStreak, stats.maxStreak, ...stats.distribution].every(whole)) {
    return 'Statistics must be whole numbers of 0 or more.';
  }
  if (wins(stats) > stats.played) return 'There cannot be more wins than games.';
  if (stats.maxStreak > wins(stats)) return 'A streak cannot be longer than the wins.';
  if (stats.currentStreak > stats.maxStreak) return 'The current streak cannot be longer than the longest.';
  if (!Number.isSafeInteger(stats.lastDay) || stats.lastDay < -1) return 'The last day must be a day number.';
  if ((stats.played === 0) !== (stats.lastDay === -1)) return 'Games need a last day, and a last day needs games.';
  return undefined;
}
