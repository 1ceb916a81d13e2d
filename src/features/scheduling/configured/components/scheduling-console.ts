// The scheduling console (SPEC sections 2, 4, 8): each button posts its action; the alert says
// how it went, green or red. A drop asks for confirmation first. Below, the polls made here
// their island loads once the guard has let the organiser in.
import { openModalDialog, wireModalDialogs } from '../../../../components/modal-dialog.ts';
import { mountIsland } from '../../../../components/mount.ts';
import { ApiError } from '../../../../platform/api-client.ts';
import { runAdminAction } from '../api-client.ts';
import { POLL_ORGANISER } from '../../mount-point.ts';
import type { AdminResponse } from '../schema.ts';

type ActionOutcome =
  { answered: true; ok: boolean; body: Partial<AdminResponse> } | { answered: false; reason?: string };

/** The console's result alert, worded as SPEC section 8 says. */
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
export const DROP_CONFIRMATIONS: Record<string, { text: string }> = {
  'drop-schedule-items': {
    text: 'This deletes every time slot of the Defense and Ragnarok polls and every vote for them. It cannot be undone.',
  },
  'drop-schedule-polls': {
    text: 'This takes every time slot out of the Defense and Ragnarok polls and deletes every vote in them. The time slots stay. It cannot be undone.',
  },
  'drop-schedule-date-items': {
    text: 'This deletes every date of the reunion poll and every vote for them. It cannot be undone.',
  },
};

async function outcomeOf(action: string): Promise<ActionOutcome> {
  try {
    return { answered: true, ok: true, body: await runAdminAction(action) };
  } catch (error) {
    if (error instanceof ApiError) {
      const body = (error.body ?? {}) as Partial<AdminResponse>;
      return { answered: true, ok: false, body: { ...body, error: body.error ?? error.message } };
    }
    return { answered: false, reason: error instanceof Error ? error.message : undefined };
  }
}

/** Binds the console's buttons to its alert (a drop asks first); settles once the organiser island has rendered. */
export function mountSchedulingConsole(root: HTMLElement): Promise<void> {
  wireModalDialogs();
  root.hidden = false;
  const organiser = mountIsland(
    root.querySelector<HTMLElement>(POLL_ORGANISER.selector)!,
    () => import('../../organising/components/PollOrganiser.tsx'),
  );
  const result = root.querySelector<HTMLElement>('[data-result]')!;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-action]')];
  const dialog = root.querySelector<HTMLDialogElement>('[data-confirm]')!;
  const confirm = dialog.querySelector<HTMLButtonElement>('[data-confirm-action]')!;
  let pending: string | undefined;

  async function run(action: string): Promise<void> {
    buttons.forEach((each) => (each.disabled = true));
    const { text, ok } = consoleMessage(action, await outcomeOf(action));
    buttons.forEach((each) => (each.disabled = false));
    result.textContent = text;
    result.dataset.outcome = ok ? 'success' : 'failure';
    result.hidden = false;
  }

  for (const button of buttons) {
    button.addEventListener('click', () => {
      const action = button.dataset.action!;
      const confirmation = DROP_CONFIRMATIONS[action];
      if (!confirmation) return void run(action);
      pending = action;
      confirm.textContent = button.textContent.trim();
      dialog.querySelector('.dialog-title')!.textContent = `${confirm.textContent}?`;
      dialog.querySelector('[data-confirm-text]')!.textContent = confirmation.text;
      openModalDialog(dialog, button);
    });
  }
  confirm.addEventListener('click', () => {
    const action = pending;
    dialog.close();
    if (action) void run(action);
  });
  dialog.addEventListener('close', () => (pending = undefined));
  return organiser;
}
