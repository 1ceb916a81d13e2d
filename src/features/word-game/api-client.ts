import { apiRequest } from '../../platform/api-client.ts';
import type { AllStats, GameResult } from './schema.ts';

/** What a score call may carry besides the spec's fields: the game just finished, a guest's statistics. */
export interface ScoreExtras {
  result?: GameResult | undefined;
  merge?: { id: string; stats: AllStats } | undefined;
}

/** Sends a round count (7 only reads), and a result or merge; returns the best round count and the statistics. */
export function recordWordGameScore(
  userName: string,
  roundScore: number,
  extras: ScoreExtras = {},
): Promise<{ bestScore: number; stats: AllStats }> {
  return apiRequest('scoring/wordgame', { method: 'POST', body: { userName, roundScore, ...extras } });
}
