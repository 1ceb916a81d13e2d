import * as v from 'valibot';

/** Best-score sentinel: 7 turns means the word game was never won (SPEC section 9). */
export const NEVER_WON = 7;

const userName = v.pipe(v.string('userName is required.'), v.trim(), v.nonEmpty('userName is required.'));

export const allScoresRequest = v.object({ userName });

export const wordGameScoreRequest = v.object({
  userName,
  roundScore: v.pipe(
    v.number('roundScore must be a number.'),
    v.integer('roundScore must be a whole number of turns.'),
    v.minValue(1, 'roundScore must be from 1 to 7.'),
    v.maxValue(NEVER_WON, 'roundScore must be from 1 to 7.'),
  ),
});

export interface Score {
  game: 'wordGame';
  bestScore: number;
}
export interface AllScoresResponse {
  status: 'Success';
  scores: Score[];
}
export interface WordGameScoreResponse {
  status: 'Success';
  bestScore: number;
}
