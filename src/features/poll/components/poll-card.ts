// The one-question poll card (SPEC sections 2, 4, 8): name, options, Submit with a spinner
// that clears after 3 seconds, the three toasts, a local voted flag; an empty ballot refused at the
// options; the results (after this browser voted, to the owner, to everyone once closed), read
// again while the page shows them (logic.ts LIVE_RESULTS_MS) and at the question's end time; the
// owner's Close / Reopen and end date.
import { showFieldError } from '../../../components/field.ts';
import { showToast } from '../../../components/toast.ts';
import { canRunPoll } from '../../../lib/policy.ts';
import { localDateTime } from '../../../lib/time-zones.ts';
import { ApiError, refusalReason } from '../../../platform/api-client.ts';
import { BotCheckUnavailable, passBotCheck } from '../../../platform/captcha.ts';
import { readStored, writeStored } from '../../../platform/browser-storage.ts';
import { $user } from '../../../platform/session.ts';
import { createVote, fetchPoll, setPollClosed, setPollEnd } from '../api-client.ts';
import { FIRST_PAINT_MARKS, votedKey } from '../first-paint.ts';
import {
  BLANK_NAME,
  END_MISSING,
  LIVE_RESULTS_MS,
  QUESTIONS,
  describeCount,
  describeEnd,
  describeTotal,
  endProblem,
  isClosed,
  ownerAction,
  pollResults,
  resultsShown,
} from '../logic.ts';
import type { PollReason, PollState } from '../schema.ts';

/** The bot check turned the visitor down: its message is what the toast says. */
class BotCheckRefused extends Error {}

/** A bot pass for an anonymous vote (src/platform/captcha.ts). */
async function votePass(): Promise<string | undefined> {
  const verdict = await passBotCheck('vote');
  if (!verdict.actionApproved) throw new BotCheckRefused(verdict.message);
  return verdict.botPass;
}

const POLL_TOAST_MS = 3000;
const SPINNER_MS = 3000;
const TOASTS = {
  success: { title: 'Success', text: 'Vote successfully submitted.', variant: 'success', duration: POLL_TOAST_MS },
  failure: { title: 'Failed', text: 'An error occurred.', variant: 'failure', duration: POLL_TOAST_MS },
  already: { title: 'Vote already placed', text: 'You have already voted.', variant: 'info', duration: POLL_TOAST_MS },
} as const;

const OWNER_SAYS = {
  closed: 'Closed: everyone sees the results, and nobody can vote.',
  reopened: 'Reopened: visitors can vote again.',
  failed: 'The poll could not be changed. Please try again.',
  endRemoved: 'End date removed: the poll stays open until you close it.',
};

/** The longest wait for a read again: a timer's delay is at most about 24 days. */
const LONGEST_WAIT_MS = 86_400_000;

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
  const boxes = [...form.querySelectorAll<HTMLInputElement>('[name="option"]')];
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!;
  const spinner = submit.querySelector<HTMLElement>('[data-spinner]')!;
  const closedNote = form.querySelector<HTMLElement>('[data-closed-note]')!;
  const endsNote = form.querySelector<HTMLElement>('[data-ends-note]')!;
  const optionsError = document.getElementById('poll-options-error')!;
  const results = card.querySelector<HTMLElement>('[data-results]')!;
  const owner = card.querySelector<HTMLElement>('[data-owner]')!;
  const ownerButton = owner.querySelector<HTMLButtonElement>('[data-close-poll]');
  const ownerStatus = owner.querySelector<HTMLElement>('[data-owner-status]')!;
  const endForm = owner.querySelector<HTMLFormElement>('[data-end-form]');
  const endInput = endForm?.querySelector<HTMLInputElement>('[name="ends"]');
  const clearEnd = owner.querySelector<HTMLButtonElement>('[data-clear-end]');
  const config = QUESTIONS[question]!;
  /** The last read; undefined until the first one answers. */
  let read: PollState | undefined;
  let readFailed = false;
  /** Reads started, so that only the latest one's answer shows. */
  let reads = 0;
  let nextRead: ReturnType<typeof setTimeout> | undefined;
  let closed = config.closedInConfig;
  /** What the owner's end field was last given from a read: a field that differs has been typed in. */
  let endGiven = endInput?.value ?? '';

  const username = $user.get().username;
  if (username) name.value = username;

  function showResults(): void {
    const title = results.querySelector('h2')!;
    title.textContent = closed ? 'Results' : 'Results so far';
    const total = results.querySelector<HTMLElement>('[data-total]')!;
    if (!read) return void (total.textContent = readFailed ? 'The results could not be loaded.' : 'Loading results…');
    const { voters, options } = pollResults(question, read.allVotes);
    total.textContent = describeTotal(voters, closed);
    results.querySelectorAll<HTMLElement>('[data-option]').forEach((row, index) => {
      const { count, share } = options[index] ?? { count: 0, share: 0 };
      row.querySelector('[data-count]')!.textContent = describeCount(count, voters);
      row.querySelector<HTMLElement>('[data-bar]')!.style.setProperty('--share', String(share));
    });
  }

  /** Shows the card as the question, this browser and the session stand. */
  function render(): void {
    const isOwner = canRunPoll($user.get());
    // Closed: the form stays where it is, disabled, and the note takes Submit's place.
    name.disabled = closed;
    for (const box of boxes) box.disabled = closed;
    submit.hidden = closed;
    closedNote.hidden = !closed;
    const endsAt = read?.endsAt ?? null;
    endsNote.hidden = closed || endsAt === null;
    if (endsAt !== null) endsNote.textContent = describeEnd(endsAt);
    if (clearEnd) clearEnd.hidden = endsAt === null;
    if (closed) {
      showNameError(undefined);
      showOptionsError(false);
    }
    results.hidden = !resultsShown({ voted: hasVoted(question), owner: isOwner, closed });
    if (!results.hidden) showResults();
    owner.hidden = !isOwner;
    const action = ownerAction(config, closed);
    if (ownerButton && action !== 'none')
      ownerButton.textContent = action === 'close' ? 'Close the poll' : 'Reopen the poll';
    readAgainLater();
  }

  async function load(): Promise<void> {
    const mine = ++reads;
    try {
      const answer = await fetchPoll(question);
      if (mine !== reads) return;
      // The owner's field follows the server's end unless the owner has typed in it since.
      const serverEnd = answer.endsAt === null ? '' : localDateTime(answer.endsAt);
      if (endInput?.value === endGiven) endInput.value = serverEnd;
      endGiven = serverEnd;
      read = answer;
      closed = isClosed(config, read.closed);
    } catch (error) {
      if (mine !== reads) return;
      readFailed = true;
      console.error('An error occurred', error);
    }
    render();
  }

  /**
   * Reads again while the page is in view and the question open: every LIVE_RESULTS_MS while the
   * results show, and just after the end time, so the page closes with the question. At least a
   * second apart: a browser clock ahead of the server's finds the end passed before the server does.
   */
  function readAgainLater(): void {
    clearTimeout(nextRead);
    if (closed || document.hidden || !read) return;
    const untilEnd = read.endsAt === null ? Infinity : read.endsAt - Date.now() + 250;
    const wait = Math.min(untilEnd, results.hidden ? Infinity : LIVE_RESULTS_MS, LONGEST_WAIT_MS);
    nextRead = setTimeout(() => void load(), Math.max(wait, 1000));
  }
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) clearTimeout(nextRead);
    else if (!closed) void load();
  });

  const nameError = document.getElementById(`${name.id}-error`)!;
  /** Shows `message` under the name field (the server's words for a name it refused), or hides it. */
  function showNameError(message: string | undefined): void {
    if (message) nameError.textContent = message;
    showFieldError(name, message !== undefined);
    if (message) name.focus();
  }
  name.addEventListener('input', () => showNameError(undefined));

  /** Shows the options' error (an alert, as the name's), marking the boxes and focusing the first; or hides it. */
  function showOptionsError(shown: boolean, message?: string): void {
    if (message) optionsError.textContent = message;
    optionsError.hidden = !shown;
    for (const box of boxes) {
      if (shown) {
        box.setAttribute('aria-invalid', 'true');
        box.setAttribute('aria-describedby', optionsError.id);
      } else {
        box.removeAttribute('aria-invalid');
        box.removeAttribute('aria-describedby');
      }
    }
    if (shown) boxes[0]?.focus();
  }
  for (const box of boxes) box.addEventListener('change', () => showOptionsError(false));

  /** Shows the question closed, after a vote it refused for that: the note takes the focus Submit had. */
  function showRefusedAsClosed(): void {
    closed = true;
    render();
    closedNote.focus();
    void load();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (closed) return void closedNote.focus();
    if (hasVoted(question)) return void showToast(TOASTS.already);
    // Voting needs a name (the login's when logged in): say so here rather than as a failed vote.
    if (!$user.get().username && !name.value.trim()) return void showNameError(BLANK_NAME);
    showNameError(undefined);
    const selected = boxes.filter((box) => box.checked).map((box) => box.value);
    // And at least one option: said at the options, nothing sent.
    if (selected.length === 0) return void showOptionsError(true);
    spinner.hidden = false;
    setTimeout(() => (spinner.hidden = true), SPINNER_MS);
    try {
      const botPass = $user.get().username ? undefined : await votePass();
      const status = await createVote(name.value, question, selected, botPass);
      if (status === 'Failed') throw new Error('The vote was not recorded.');
      rememberVote(question);
      showToast(status === 'Success' ? TOASTS.success : TOASTS.already);
      await load();
    } catch (error) {
      console.error('An error occurred', error);
      if (error instanceof BotCheckUnavailable || error instanceof BotCheckRefused) {
        return void showToast({ ...TOASTS.failure, text: error.message });
      }
      // A name the server refused (blank, or an account's) is the visitor's to fix, and a full
      // question is told there too: the server's words show at the name. An empty ballot is told
      // at the options; a closed question shows closed.
      if (error instanceof ApiError) {
        switch (refusalReason<PollReason>(error)) {
          case 'blank-name':
          case 'account-name':
          case 'poll-full':
            return void showNameError(error.message);
          case 'no-option':
            return void showOptionsError(true, error.message);
          case 'poll-closed':
            return void showRefusedAsClosed();
        }
      }
      showToast(TOASTS.failure);
    }
  });

  // The owner's Close / Reopen: the button keeps the focus and its new name; the status line says what changed.
  let changing = false;
  ownerButton?.addEventListener('click', async () => {
    if (changing) return;
    changing = true;
    try {
      closed = await setPollClosed(question, ownerAction(config, closed) === 'close');
      ownerStatus.textContent = closed ? OWNER_SAYS.closed : OWNER_SAYS.reopened;
      render();
      await load();
    } catch (error) {
      console.error('An error occurred', error);
      ownerStatus.textContent = error instanceof ApiError ? error.message : OWNER_SAYS.failed;
    } finally {
      changing = false;
    }
  });

  // The owner's end date: checked here as the server checks it, the server's refusal said at the field.
  const endError = document.getElementById('poll-end-error');
  function showEndError(message: string): void {
    if (!endInput || !endError) return;
    endError.textContent = message;
    showFieldError(endInput, true);
    endInput.focus();
  }
  endInput?.addEventListener('input', () => showFieldError(endInput, false));
  async function changeEnd(endsAt: number | null): Promise<void> {
    if (changing) return;
    changing = true;
    try {
      const set = await setPollEnd(question, endsAt);
      ownerStatus.textContent = set === null ? OWNER_SAYS.endRemoved : `End date set. ${describeEnd(set)}`;
      if (endInput) showFieldError(endInput, false);
      await load();
    } catch (error) {
      console.error('An error occurred', error);
      if (error instanceof ApiError && error.status === 400) showEndError(error.message);
      else ownerStatus.textContent = error instanceof ApiError ? error.message : OWNER_SAYS.failed;
    } finally {
      changing = false;
    }
  }
  endForm?.addEventListener('submit', (event) => {
    event.preventDefault();
    const endsAt = endInput?.value ? new Date(endInput.value).getTime() : NaN;
    if (Number.isNaN(endsAt)) return showEndError(END_MISSING);
    const problem = endProblem(endsAt, Date.now());
    if (problem) return showEndError(problem);
    void changeEnd(endsAt);
  });
  clearEnd?.addEventListener('click', () => void changeEnd(null));

  // Logging in or out on the page shows or hides what only the owner sees.
  $user.listen(render);
  render();
  // What the first paint showed from the marks (first-paint.ts) is this render's now.
  for (const mark of FIRST_PAINT_MARKS) delete document.documentElement.dataset[mark];
  void load();
}
