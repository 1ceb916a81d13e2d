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

/** What each of the console's drop actions deletes, said before it runs; the others need no confirmation. */
export const DROP_CONFIRMATIONS: Record<string, { title: string; text: string }> = {
  'drop-schedule-items': {
    title: 'Drop Schedule Items?',
    text: 'This deletes every time slot of the Defense and Ragnarok polls and every vote for them. It cannot be undone.',
  },
  'drop-schedule-polls': {
    title: 'Drop Schedule Polls?',
    text: 'This takes every time slot out of the Defense and Ragnarok polls and deletes every vote in them. The time slots stay. It cannot be undone.',
  },
  'drop-schedule-date-items': {
    title: 'Drop Schedule Date Items?',
    text: 'This deletes every date of the reunion poll and every vote for them. It cannot be undone.',
  },
};
