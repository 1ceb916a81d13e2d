// The console's result alert, worded as SPEC section 8 says.
import type { AdminResponse } from './schema.ts';

export type ActionOutcome =
  { answered: true; ok: boolean; body: Partial<AdminResponse> } | { answered: false; reason?: string };

/** The alert text and colour for an action's outcome. */
export function consoleMessage(endpoint: string, outcome: ActionOutcome): { text: string; ok: boolean } {
  if (!outcome.answered) return { text: `Error: ${endpoint} - ${outcome.reason || 'Unknown error'}`, ok: false };
  const { created, deleted, message, error } = outcome.body;
  const withMessage = message ? ` - ${message}` : '';
  if (outcome.ok && outcome.body.status === 'Success') {
    const counts =
      (created !== undefined ? ` (Created: ${created} items)` : '') +
      (deleted !== undefined ? ` (Deleted: ${deleted} items)` : '');
    return { text: `Success: ${endpoint}${counts}${withMessage}`, ok: true };
  }
  return { text: `Failed: ${endpoint}${error ? ` - ${error}` : ''}${withMessage}`, ok: false };
}
