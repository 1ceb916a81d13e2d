import * as v from 'valibot';
import { NEVER_WON } from '../../lib/scores.ts';

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

/** The logged-in user's stored details (GET /api/account), as the dashboard shows them. */
export interface AccountResponse {
  status: 'Success';
  user: { username: string; firstName: string; lastName: string; email: string; clearance: number };
}

/** The answer of POST /api/account/logout-everywhere. */
export interface StatusResponse {
  status: 'Success';
}
