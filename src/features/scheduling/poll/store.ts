// A poll page's state, one store per poll id (SPEC sections 2, 4, 5, 8), and its actions. Every load
// and change waits its turn in the poll's queue: a change carries the claim secret the votes before
// it brought back, and a load never reads across a change.
import { computed, map, onMount, task, type ReadableAtom } from 'nanostores';
import { askedText, isValidEmail } from '../../../lib/email.ts';
import type { UserDetails } from '../../../lib/user-details.ts';
import { ApiError, refusalReason } from '../../../platform/api-client.ts';
import { readStored, readStoredJson, writeStored, writeStoredJson } from '../../../platform/browser-storage.ts';
import { $user } from '../../../platform/session.ts';
import { passBotCheck } from '../../../platform/captcha.ts';
import { whileVisible } from '../../../platform/while-visible.ts';
import { COMMENT_NAME_NEEDED, type CommentsResponse, commentProblem } from '../comments/logic.ts';
import * as api from './api-client.ts';
import {
  pastDeadline,
  INVALID_EMAIL,
  NAME_TAKEN,
  POLL_FULL,
  anonymousVoter,
  isAnonymous,
  nameTaken,
  nextAnswer,
  voterKey,
} from './logic.ts';
import type { Answer, CreatedPoll, PollOption, SchedulingReason, Vote, Voter } from './schema.ts';

export type { Vote } from './schema.ts';

/** What each failed read logs beside 'An error has occurred', in its page's words. */
export type FailureLogs = Record<'options' | 'choices' | 'votes', string>;

export const REFRESH_MS = 5000;

/** A poll page's state when it opens, with the name and address this browser left in the poll. */
function initialState(typed: string, email: string) {
  return {
    details: undefined as Omit<CreatedPoll, 'options'> | undefined,
    options: null as PollOption[] | null,
    /** The poll is gone (deleted, or never made). */
    missing: false,
    /** The time (ms) the page last looked at the clock: a deadline has passed once it is reached. */
    now: Date.now(),
    votes: null as Vote[] | null,
    answers: new Map() as ReadonlyMap<string, Answer>,
    /** Whose answers `answers` holds: voting opens once they have loaded, so a click never races them. */
    choicesFor: '',
    comments: null as CommentsResponse | null,
    name: { typed, saved: typed.trim() !== '', error: '' },
    /** `name` is a guest's (a member comments under their account's). */
    commentForm: { text: '', name: typed, error: '', sending: false },
    /** `saved` is the address this browser left in the poll ('' for none). */
    emailForm: { typed: email || $user.get().email, saved: email, error: '', sending: false },
  };
}

type PollState = ReturnType<typeof initialState>;

type Form = 'name' | 'commentForm' | 'emailForm';

function viewOf(id: string, user: UserDetails, voter: string, state: PollState) {
  const votes = state.votes ?? [];
  const voters = new Map<string, Voter[]>();
  for (const vote of votes) voters.set(vote.option, [...(voters.get(vote.option) ?? []), vote.user]);
  const deadlinePassed = state.details !== undefined && pastDeadline(state.details, state.now);
  return {
    ...state,
    id,
    member: user.username ? user : undefined,
    /** The name votes go under ('' while there is none). */
    voter,
    canVote: voter !== '' && state.choicesFor === voter && !state.details?.final && !deadlinePassed,
    /** Its votes closed at its deadline (the organiser has yet to pick, or has). */
    deadlinePassed,
    /** Null until the options and the votes have both arrived. */
    options: state.votes === null ? null : state.options,
    /** Whether a click cycles yes → if need be → no; else yes ↔ no. */
    ifNeedBe: state.details !== undefined && !state.details.yesOnly,
    selected: new Set(state.answers.keys()),
    votes,
    /** Who answered each option, by its id, in the order they came. */
    voters,
    voterNames: [...new Set(votes.map((vote) => vote.user.username))],
    comments: state.comments?.comments ?? null,
    /** Whether the reader may delete any comment: the poll's organiser, or an admin. */
    moderator: state.comments?.moderator ?? false,
  };
}

export type PollView = ReturnType<typeof viewOf>;

type Poll = ReturnType<typeof createPoll>;

const polls = new Map<string, Poll>();

/** The store of the poll with this id, made on first use; showing it loads the poll. */
export function schedulingPoll(pollId: string, failures: FailureLogs): ReadableAtom<PollView> {
  if (!polls.has(pollId)) polls.set(pollId, createPoll(pollId, failures));
  return polls.get(pollId)!.$view;
}

function createPoll(id: string, failures: FailureLogs) {
  const $state = map(initialState(stored('name', id), stored('email', id)));
  const $voter = computed(
    [$user, $state],
    (user, { name }) => user.username || (name.saved ? anonymousVoter(name.typed) : ''),
  );
  const $view = computed([$user, $voter, $state], (user, voter, state) => viewOf(id, user, voter, state));
  const poll = {
    id,
    failures,
    $state,
    $voter,
    $view,
    queue: Promise.resolve(),
    /** Raised by each click and each answer to it: answers read across a change are out of date, and not shown. */
    changes: 0,
    /** Clicks not yet answered: answers read meanwhile may lack them, so own answers are not taken. */
    sending: 0,
    /** The version the shown poll was loaded at (-1 before it is known). */
    version: -1,
    /** Looks at the clock again just after the poll's deadline, so the page closes with it. */
    deadlineTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  };

  onMount($view, () => {
    // The version is asked first, so a change after it is seen by the next check.
    void task(() =>
      enqueue(poll, async () => {
        const version = api.fetchPollVersion(id).catch(() => -1);
        await loadAll(poll);
        poll.version = await version;
      }),
    );
    // A new voter (a saved name, a login) sees their own choices once they arrive.
    const unsubscribe = $voter.listen((voter) => {
      $state.setKey('answers', new Map());
      $state.setKey('choicesFor', '');
      void loadAnswers(poll, false, voter);
    });
    // The poll is read again only when its version moved, at that version: answers the CDN shares.
    const stopRefreshing = whileVisible(
      () =>
        enqueue(poll, async () => {
          const version = await api.fetchPollVersion(id);
          if (version === poll.version) return;
          await loadAll(poll, version);
          poll.version = version;
        }),
      REFRESH_MS,
    );
    return () => {
      unsubscribe();
      stopRefreshing();
    };
  });
  return poll;
}

function enqueue(poll: Poll, job: () => Promise<void>): Promise<void> {
  const done = poll.queue.then(job);
  poll.queue = done.catch(() => undefined);
  return done;
}

const failed = (...said: unknown[]) => console.error('An error has occurred', ...said);

function loadAll(poll: Poll, version?: number) {
  return Promise.all([
    loadOptions(poll, version),
    loadAnswers(poll, true, poll.$voter.get(), version),
    loadComments(poll, version),
  ]);
}

function loadOptions(poll: Poll, version?: number): Promise<void> {
  const { id, failures, $state } = poll;
  return task(async () => {
    try {
      const { options, ...details } = await api.fetchPoll(id, version);
      $state.setKey('options', options);
      $state.setKey('details', details);
      $state.setKey('now', Date.now());
      clearTimeout(poll.deadlineTimer);
      const wait = details.deadline === undefined ? -1 : details.deadline - Date.now() + 250;
      // A timer runs at most 2^31 - 1 ms ahead; a later deadline is looked at again by the next read.
      if (wait > 0 && wait < 2 ** 31) poll.deadlineTimer = setTimeout(() => $state.setKey('now', Date.now()), wait);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) $state.setKey('missing', true);
      else failed(failures.options, error);
      $state.setKey('options', $state.get().options ?? []);
    }
  });
}

function loadComments({ id, $state }: Poll, version?: number): Promise<void> {
  return task(async () => {
    try {
      $state.setKey('comments', await api.fetchPollComments(id, version));
    } catch (error) {
      failed('Failed to fetch the comments', error);
    }
  });
}

/** One read of everyone's answers feeds everyone's votes (`votes`) and the voter's own. */
function loadAnswers(poll: Poll, votes: boolean, voter: string, version?: number): Promise<void> {
  const { id, failures, $state } = poll;
  if (!votes && !voter) return Promise.resolve();
  return task(async () => {
    const changes = poll.changes;
    let read: Vote[];
    try {
      read = await api.fetchPollAnswers(id, version);
      // Where names are hidden, this browser's anonymous votes are found by its claim's tag, and named.
      const anonymous = poll.$voter.get();
      const tag = read.some((vote) => vote.tag) ? await claimTag(claimOf(id, anonymous)) : '';
      if (tag) read = read.map((vote) => (vote.tag === tag ? { ...vote, user: { username: anonymous } } : vote));
    } catch (error) {
      if (votes) {
        failed(failures.votes, error);
        $state.setKey('votes', $state.get().votes ?? []);
      }
      if (voter) failed(failures.choices, error);
      return;
    }
    if (votes) $state.setKey('votes', read);
    if (!voter || poll.$voter.get() !== voter) return; // the voter changed meanwhile: their choices are loading
    if (poll.changes !== changes || poll.sending > 0) return; // a vote meanwhile: what is shown is newer
    // A member's votes are those the server marks `mine`; an anonymous name's, those under the name.
    const own = read.filter((vote) =>
      isAnonymous(voter) ? voterKey(vote.user.username) === voterKey(voter) : vote.mine === true,
    );
    $state.setKey('answers', new Map(own.map((vote) => [vote.option, vote.answer])));
    $state.setKey('choicesFor', voter);
  });
}

/** The open poll page's poll: its island made the store before any action. */
const pollOf = (pollId: string) => polls.get(pollId)!;

function edit<K extends Form>({ $state }: Poll, form: K, fields: Partial<PollState[K]>): void {
  $state.setKey<Form>(form, { ...$state.get()[form], ...fields });
}

const refusal = (error: unknown, otherwise: string) => (error instanceof ApiError ? error.message : otherwise);

export function editVoterName(pollId: string, typed: string): void {
  edit(pollOf(pollId), 'name', { typed, saved: false, error: '' });
}

/** Saves the typed name unless blank or taken (a name this browser claimed is its own). */
export function saveVoterName(pollId: string, existingVoters: string[]): void {
  const poll = pollOf(pollId);
  const { typed } = poll.$state.get().name;
  if (!typed.trim()) return edit(poll, 'name', { error: 'Please enter your name.' });
  if (!claimOf(pollId, anonymousVoter(typed)) && nameTaken(typed, existingVoters)) {
    return edit(poll, 'name', { error: NAME_TAKEN });
  }
  writeStored(storageKey('name', pollId), typed.trim());
  edit(poll, 'name', { saved: true, error: '' });
  // A comment is signed with the name the voter goes by, unless they typed another there.
  if (!poll.$state.get().commentForm.name.trim()) edit(poll, 'commentForm', { name: typed.trim() });
}

/** Cycles the voter's answer on an option, shown at once and undone on refusal. */
export function toggleChoice(pollId: string, optionId: string): Promise<void> {
  const poll = pollOf(pollId);
  const { $state } = poll;
  const voter = poll.$voter.get();
  if (!poll.$view.get().canVote) return Promise.resolve();
  const { answers, details } = $state.get();
  const before = answers.get(optionId);
  const after = details && !details.yesOnly ? nextAnswer(before) : before ? undefined : 'yes';
  const show = (answer: Answer | undefined) => {
    const next = new Map($state.get().answers);
    if (answer) next.set(optionId, answer);
    else next.delete(optionId);
    $state.setKey('answers', next);
  };
  poll.changes += 1;
  poll.sending += 1;
  show(after);
  return enqueue(poll, async () => {
    try {
      const claimSecret = claimOf(pollId, voter);
      // A name new to this browser claims it: that takes a bot pass (a returning name has its secret).
      const botPass = isAnonymous(voter) && !claimSecret && after ? await botPassFor() : undefined;
      const body = { pollId, optionId, username: voter, claimSecret, answer: after ?? 'none' } as const;
      const answer = await api.sendVote(body, botPass);
      if (answer.claimSecret) rememberClaim(pollId, voter, answer.claimSecret);
    } catch (error) {
      show(before);
      const reason = refusalReason<SchedulingReason>(error);
      // Closed: the organiser decided meanwhile, or the deadline came, and the page shows it.
      if (reason === 'poll-closed' || reason === 'deadline-passed') await loadOptions(poll);
      else if (reason === 'poll-full') edit(poll, 'name', { error: POLL_FULL });
      else if (reason === 'name-taken') edit(poll, 'name', { saved: false, error: NAME_TAKEN });
      else failed(error);
    }
    poll.changes += 1;
    poll.sending -= 1;
    await loadAnswers(poll, true, '');
  });
}

/** A bot pass for a new name's claim or a guest's comment; refused, it throws the check's message. */
async function botPassFor(): Promise<string | undefined> {
  const verdict = await passBotCheck('vote');
  if (!verdict.actionApproved) throw new Error(verdict.message);
  return verdict.botPass;
}

export function editComment(pollId: string, fields: { text?: string; name?: string }): void {
  edit(pollOf(pollId), 'commentForm', { ...fields, error: '' });
}

export async function postComment(pollId: string): Promise<void> {
  const poll = pollOf(pollId);
  const form = poll.$state.get().commentForm;
  if (form.sending) return;
  const member = $user.get().username !== '';
  const problem = commentProblem(form.text) ?? (member || form.name.trim() ? undefined : COMMENT_NAME_NEEDED);
  if (problem) return edit(poll, 'commentForm', { error: problem });
  edit(poll, 'commentForm', { sending: true, error: '' });
  return enqueue(poll, async () => {
    try {
      // A guest's comment takes a bot pass.
      await api.sendComment(pollId, form.text, member ? '' : form.name, member ? undefined : await botPassFor());
      const { text } = poll.$state.get().commentForm;
      edit(poll, 'commentForm', { text: text === form.text ? '' : text, sending: false });
      await loadComments(poll);
    } catch (error) {
      const said = refusal(error, 'Your comment could not be sent. Please try again.');
      edit(poll, 'commentForm', { sending: false, error: said });
      // The organiser switched comments off meanwhile: the page says so.
      if (refusalReason<SchedulingReason>(error) === 'comments-off') await loadOptions(poll);
    }
  });
}

export function deletePollComment(pollId: string, commentId: string): Promise<void> {
  const poll = pollOf(pollId);
  return enqueue(poll, async () => {
    try {
      await api.deleteComment(pollId, commentId);
    } catch (error) {
      failed('Failed to delete the comment', error);
    }
    await loadComments(poll);
  });
}

export function editVoterEmail(pollId: string, typed: string): void {
  edit(pollOf(pollId), 'emailForm', { typed, error: '' });
}

/** Leaves the typed address (blank forgets it) for the voter to hear the decision. */
export async function saveVoterEmail(pollId: string): Promise<void> {
  const poll = pollOf(pollId);
  const form = poll.$state.get().emailForm;
  const voter = poll.$voter.get();
  const email = form.typed.trim();
  if (form.sending || !voter) return;
  if (email && !isValidEmail(email)) return edit(poll, 'emailForm', { error: INVALID_EMAIL });
  edit(poll, 'emailForm', { sending: true, error: '' });
  // Queued: the address goes with the claim secret a new name's first vote brings back.
  return enqueue(poll, async () => {
    try {
      const left = await api.sendVoterEmail({ pollId, username: voter, claimSecret: claimOf(pollId, voter), email });
      // Not confirmed yet: nothing was kept, and the typed address stays for the voter to save again.
      if (!left.kept) return edit(poll, 'emailForm', { sending: false, error: askedText(email, left.asked) });
      writeStored(storageKey('email', pollId), email);
      const { typed } = poll.$state.get().emailForm;
      edit(poll, 'emailForm', { typed: typed === form.typed ? email : typed, saved: email, sending: false });
    } catch (error) {
      edit(poll, 'emailForm', {
        sending: false,
        error: refusal(error, 'Your address could not be saved. Please try again.'),
      });
    }
  });
}

// What a voter's browser remembers per poll: the saved name, the secrets of the names it claimed, the address.
const storageKey = (what: 'name' | 'claims' | 'email', pollId: string) => `scheduling-${what}:${pollId}`;
const stored = (what: 'name' | 'email', pollId: string) => readStored(storageKey(what, pollId)) ?? '';

function claims(pollId: string): Record<string, string> {
  const parsed = readStoredJson<unknown>(storageKey('claims', pollId));
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

/** The tag the server puts on an anonymous voter's votes where names are hidden (SHA-256 of its SHA-256), or ''. */
async function claimTag(secret: string | undefined): Promise<string> {
  const sha256 = async (text: string) =>
    Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
  return secret ? sha256(await sha256(secret)) : '';
}

/** The secret this browser holds for an anonymous voter's name (a member needs none). */
const claimOf = (pollId: string, voter: string) => (isAnonymous(voter) ? claims(pollId)[voterKey(voter)] : undefined);

function rememberClaim(pollId: string, voter: string, secret: string): void {
  writeStoredJson(storageKey('claims', pollId), { ...claims(pollId), [voterKey(voter)]: secret });
}
