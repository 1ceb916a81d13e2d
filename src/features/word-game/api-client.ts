import { apiRequest } from '../../platform/api-client.ts';

/** Sends a round count (7 only reads) and returns the best one. */
export async function recordWordGameScore(userName: string, roundScore: number): Promise<number> {
  const { bestScore } = await apiRequest<{ status: string; bestScore: number }>('scoring/wordgame', {
    method: 'POST',
    body: { userName, roundScore },
  });
  return bestScore;
}
