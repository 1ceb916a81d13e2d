// The scheduling console (SPEC sections 2, 4, 8): each button posts its action; the alert says
// how it went, green or red.
import { ApiError } from '../../platform/api-client.ts';
import { runAdminAction } from './api-client.ts';
import { type ActionOutcome, consoleMessage } from './console-message.ts';
import type { AdminResponse } from './schema.ts';

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

/** Shows the console and binds its buttons (`data-action`) to its alert (`data-result`). */
export function mountSchedulingConsole(root: HTMLElement): void {
  root.hidden = false;
  const result = root.querySelector<HTMLElement>('[data-result]')!;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-action]')];
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      const action = button.dataset.action!;
      buttons.forEach((each) => (each.disabled = true));
      const { text, ok } = consoleMessage(action, await outcomeOf(action));
      buttons.forEach((each) => (each.disabled = false));
      result.textContent = text;
      result.dataset.outcome = ok ? 'success' : 'failure';
      result.hidden = false;
    });
  }
}
