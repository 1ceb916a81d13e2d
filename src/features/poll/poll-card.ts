// The one-question poll card (SPEC sections 2, 4, 8): name, options, Submit with a spinner that
// clears after 3 seconds, the three toasts, a local voted flag, and the tally once voted.
import { showFieldError } from '../../components/field.ts';
import { showToast } from '../../components/toast.ts';
import { ApiError, refusalReason } from '../../platform/api-client.ts';
import { readStored, writeStored } from '../../platform/browser-storage.ts';
import { $user } from '../../platform/session.ts';
import { createVote, fetchVotes } from './api-client.ts';
import { BLANK_NAME } from './messages.ts';
import { tally } from './questions.ts';
import type { PollReason } from './schema.ts';

const POLL_TOAST_MS = 3000;
const SPINNER_MS = 3000;
const TOASTS = {
  success: { title: 'Success', text: 'Vote successfully submitted.', variant: 'success', duration: POLL_TOAST_MS },
  failure: { title: 'Failed', text: 'An error occurred.', variant: 'failure', duration: POLL_TOAST_MS },
  already: { title: 'Vote already placed', text: 'You have already voted.', variant: 'info', duration: POLL_TOAST_MS },
} as const;

const votedKey = (question: number) => `poll-voted-${question}`;

function hasVoted(question: number): boolean {
  return readStored(votedKey(question)) === 'true';
}

/** Remembers the vote (with storage off, the server still refuses a second one). */
function rememberVote(question: number): void {
  writeStored(votedKey(question), 'true');
}

/** Binds the poll form of `question` inside `card`. */
export function mountPollCard(card: HTMLElement, question = 0): void {
  const form = card.querySelector('form')!;
  const name = form.querySelector<HTMLInputElement>('[name="name"]')!;
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!;
  const spinner = submit.querySelector<HTMLElement>('[data-spinner]')!;
  const results = card.querySelector<HTMLElement>('[data-results]')!;
  let votes: Awaited<ReturnType<typeof fetchVotes>> = [];

  const username = $user.get().username;
  if (username) name.value = username;

  function showTally(): void {
    const counts = tally(question, votes);
    const most = Math.max(1, ...counts);
    results.querySelectorAll<HTMLElement>('[data-option]').forEach((row, index) => {
      const count = counts[index] ?? 0;
      row.querySelector('[data-count]')!.textContent = `${count} vote${count === 1 ? '' : 's'}`;
      row.querySelector<HTMLElement>('[data-bar]')!.style.setProperty('--share', String(count / most));
    });
    results.hidden = false;
  }

  async function loadVotes(): Promise<void> {
    try {
      votes = await fetchVotes(question);
      if (hasVoted(question)) showTally();
    } catch (error) {
      console.error('An error occurred', error);
    }
  }

  const nameError = document.getElementById(`${name.id}-error`)!;
  /** Shows `message` under the name field (the server's words for a name it refused), or hides it. */
  function showNameError(message: string | undefined): void {
    if (message) nameError.textContent = message;
    showFieldError(name, message !== undefined);
    if (message) name.focus();
  }
  name.addEventListener('input', () => showNameError(undefined));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (hasVoted(question)) return void showToast(TOASTS.already);
    // Voting needs a name (the login's when logged in): say so here rather than as a failed vote.
    if (!$user.get().username && !name.value.trim()) return void showNameError(BLANK_NAME);
    showNameError(undefined);
    const selected = [...form.querySelectorAll<HTMLInputElement>('[name="option"]:checked')].map((box) => box.value);
    spinner.hidden = false;
    setTimeout(() => (spinner.hidden = true), SPINNER_MS);
    try {
      const status = await createVote(name.value, question, selected);
      if (status === 'Failed') throw new Error('The vote was not recorded.');
      rememberVote(question);
      showToast(status === 'Success' ? TOASTS.success : TOASTS.already);
      await loadVotes();
    } catch (error) {
      console.error('An error occurred', error);
      // A name the server refused (blank, or an account's) is the visitor's to fix, and a full
      // question is told there too: the server's words show at the name.
      if (error instanceof ApiError) {
        switch (refusalReason<PollReason>(error)) {
          case 'blank-name':
          case 'account-name':
          case 'poll-full':
            return void showNameError(error.message);
        }
      }
      showToast(TOASTS.failure);
    }
  });

  void loadVotes();
}
