import { apiRequest } from '../auth/api-client.ts';
import type { AllScoresResponse, WordGameScoreResponse } from './schema.ts';

/** Reads the user's best scores. */
export function fetchScores(userName: string): Promise<AllScoresResponse> {
  return apiRequest('scoring/all-scores', { method: 'POST', body: { userName } });
}

/** Sends a word-game round count (7 to only read) and returns the best. */
export function sendWordGameScore(userName: string, roundScore: number): Promise<WordGameScoreResponse> {
  return apiRequest('scoring/wordgame', { method: 'POST', body: { userName, roundScore } });
}
