import { apiRequest } from '../auth/api-client.ts';
import type { AllScoresResponse } from './schema.ts';

/** Reads the user's best scores. */
export function fetchScores(userName: string): Promise<AllScoresResponse> {
  return apiRequest('scoring/all-scores', { method: 'POST', body: { userName } });
}
