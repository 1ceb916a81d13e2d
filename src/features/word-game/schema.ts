// Requests and answers of the scores endpoints (/api/scoring/*, SPEC section 7), shared by the game
// and the functions. Their types are public: the dashboard shows a player's scores and statistics
// (`import type`), so it also learns the statistics' types and NEVER_WON's value from here.
import * as v from 'valibot';
import { type AllStats, GAME_MODES, MAX_TURNS, NEVER_WON, impossibleStats } from './stats.ts';

export type { AllStats, GameMode, GameResult, Stats } from './stats.ts';
/** The best score that means "never won" (NEVER_WON), as a type another feature can hold its value to. */
export type NeverWon = typeof NEVER_WON;

const userName = v.pipe(v.string('userName is required.'), v.trim(), v.nonEmpty('userName is required.'));

export const allScoresRequest = v.object({ userName });

const count = (name: string) =>
  v.pipe(v.number(`${name} must be a number.`), v.integer(`${name} must be a whole number.`));

/** A game's or a merge's id: random, so the same one sent twice counts once. */
const countedId = v.pipe(
  v.string('An id must be text.'),
  v.regex(/^[A-Za-z0-9-]{8,64}$/, 'An id must be 8 to 64 letters, digits or hyphens.'),
);

/** A finished word game (stats.ts, GameResult). */
const gameResult = v.pipe(
  v.strictObject(
    {
      id: countedId,
      mode: v.picklist(GAME_MODES, 'mode must be daily or practice.'),
      won: v.boolean('won must be true or false.'),
      guesses: v.pipe(
        count('guesses'),
        v.minValue(1, `guesses must be from 1 to ${MAX_TURNS}.`),
        v.maxValue(MAX_TURNS, `guesses must be from 1 to ${MAX_TURNS}.`),
      ),
      day: count('day'),
    },
    'A result is an id, mode, won, guesses and day, nothing else.',
  ),
  v.check((result) => result.won || result.guesses === MAX_TURNS, `A lost game took ${MAX_TURNS} guesses.`),
);

/** One mode's statistics, refused when no one could have them. */
const stats = v.pipe(
  v.strictObject(
    {
      played: count('played'),
      distribution: v.array(count('Each count'), 'distribution must be a list.'),
      currentStreak: count('currentStreak'),
      maxStreak: count('maxStreak'),
      lastDay: count('lastDay'),
    },
    'Statistics are played, distribution, currentStreak, maxStreak and lastDay, nothing else.',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const impossible = dataset.typed ? impossibleStats(dataset.value) : undefined;
    if (impossible) addIssue({ message: impossible });
  }),
);

export const wordGameScoreRequest = v.object({
  userName,
  roundScore: v.pipe(
    v.number('roundScore must be a number.'),
    v.integer('roundScore must be a whole number of turns.'),
    v.minValue(1, 'roundScore must be from 1 to 7.'),
    v.maxValue(NEVER_WON, 'roundScore must be from 1 to 7.'),
  ),
  /** Optional (an addition to the spec's fields): the game just finished, for the statistics. */
  result: v.optional(gameResult),
  /** Optional: a guest's statistics to add to the account's (at login), counted once by id. */
  merge: v.optional(
    v.strictObject(
      { id: countedId, stats: v.strictObject({ daily: stats, practice: stats }, 'stats must be daily and practice.') },
      'A merge is an id and stats, nothing else.',
    ),
  ),
});

export type WordGameScoreRequest = v.InferOutput<typeof wordGameScoreRequest>;

export interface Score {
  game: 'wordGame';
  bestScore: number;
  /** The word game's statistics per mode (an addition to the spec's fields). */
  stats: AllStats;
}
export interface AllScoresResponse {
  status: 'Success';
  scores: Score[];
}
export interface WordGameScoreResponse {
  status: 'Success';
  bestScore: number;
  /** The statistics per mode, the result and merge sent counted (an addition to the spec's fields). */
  stats: AllStats;
}
