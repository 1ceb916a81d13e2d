// A poll page's state, one store per poll id (SPEC sections 2, 4, 5, 8), and the page's actions.
// Every load and change goes through one queue (enqueue), one at a time.
import { computed, map, onMount, task, type MapStore, type ReadableAtom } from 'nanostores';
import type { UserDetails } from '../../../lib/user-details.ts';
import { ApiError, refusalReason } from '../../../platform/api-client.ts';
import { whileVisible } from '../../../platform/while-visible.ts';
import { $user } from '../../../platform/session.ts';
import {
  type VoteRequest,
  deleteComment as removeComment,
  fetchPoll,
  fetchPollAnswers,
  fetchPollComments,
  fetchPollVersion,
  sendComment,
  sendVote,
  sendVoterEmail,
} from './api-client.ts';
import { COMMENT_NAME_NEEDED, type CommentsResponse, type PollComment, commentProblem } from '../comments/logic.ts';
import {
  INVALID_EMAIL,
  NAME_TAKEN,
  POLL_FULL,
  anonymousVoter,
  isAnonymous,
  nameTaken,
  voterKey,
  votersByOption,
  nextAnswer,
} from './logic.ts';
import type { Answer, CreatedPoll, PollOption, SchedulingReason, Vote, Voter } from './schema.ts';
import { isValidEmail } from '../../../lib/email.ts';
import { readStored, readStoredJson, writeStored, writeStoredJson } from '../../../platform/browser-storage.ts';

export type { Vote } from './schema.ts';

export type PollDetails = Omit<CreatedPoll, 'options'>;

/** What each failed fetch logs beside 'An error has occurred' (SPEC section 8 words them for its polls). */
export interface FailureLogs {
  options: string;
  choices: string;
  votes: string;
}

export const REFRESH_MS = 5000;

const BLANK_NAME = 'Please enter your name.';

interface NameForm {
  typed: string;
  saved: boolean;
  error: string;
}

interface CommentForm {
  text: string;
  /** A guest's name (a member comments under their account's). */
  name: string;
  error: string;
  sending: boolean;
}

interface EmailForm {
  typed: string;
  /** What this browser left in the poll ('' for none). */
  saved: string;
  error: string;
  sending: boolean;
}

interface PollState {
  options: PollOption[] | null;
  emailForm: EmailForm;
  comments: CommentsResponse | null;
  commentForm: CommentForm;
  details: PollDetails | undefined;
  /** The poll is gone (deleted, or never made). */
  missing: boolean;
  votes: Vote[] | null;
  answers: ReadonlyMap<string, Answer>;
  /** The voter whose choices `selected` holds: voting opens once they have loaded, so a click never races them. */
  choicesFor: string;
  name: NameForm;
}

export interface PollView {
  member: UserDetails | undefined;
  /** The name votes go under ('' while there is none). */
  voter: string;
  name: NameForm;
  canVote: boolean;
  /** Null until the options and the votes have both arrived. */
  options: PollOption[] | null;
  details: PollDetails | undefined;
  missing: boolean;
  /** Whether a click cycles yes → if need be → no; else yes ↔ no. */
  ifNeedBe: boolean;
  /** The voter's answers by option id; `selected` holds the options answered at all. */
  answers: ReadonlyMap<string, Answer>;
  selected: ReadonlySet<string>;
  votes: Vote[];
  voters: Map<string, Voter[]>;
  voterNames: string[];
  comments: PollComment[] | null;
  /** Whether the reader may delete any comment: the poll's organiser, or an admin. */
  moderator: boolean;
  commentForm: CommentForm;
  emailForm: EmailForm;
}

interface Poll {
  id: string;
  failures: FailureLogs;
  $state: MapStore<PollState>;
  $voter: ReadableAtom<string>;
  $view: ReadableAtom<PollView>;
  queue: Promise<void>;
  /** Raised by each click and each answer to it: answers read across a change are out of date, and not shown. */
  changes: number;
  /** Clicks not yet answered: answers read meanwhile may lack them, so own answers are not taken. */
  sending: number;
  /** The version the shown poll was loaded at (-1 before it is known). */
  version: number;
}

const polls = new Map<string, Poll>();

/** The store of the poll with this id, made on first use; showing it loads the poll. */
export function schedulingPoll(pollId: string, failures: FailureLogs): ReadableAtom<PollView> {
  let poll = polls.get(pollId);
  if (!poll) {
    poll = createPoll(pollId, failures);
    polls.set(pollId, poll);
  }
  return poll.$view;
}

function createPoll(pollId: string, failures: FailureLogs): Poll {
  const typed = savedName(pollId);
  const $state = map<PollState>({
    options: null,
    comments: null,
    commentForm: { text: '', name: typed, error: '', sending: false },
    emailForm: { typed: savedEmail(pollId) || $user.get().email, saved: savedEmail(pollId), error: '', sending: false },
    details: undefined,
    missing: false,
    votes: null,
    answers: new Map(),
    choicesFor: '',
    name: { typed, saved: typed.trim() !== '', error: '' },
  });
  const $voter = computed(
    [$user, $state],
    (user, { name }) => user.username || (name.saved ? anonymousVoter(name.typed) : ''),
  );
  const $view = computed([$user, $voter, $state], (user, voter, state) => {
    const votes = state.votes ?? [];
    return {
      member: user.username ? user : undefined,
      voter,
      name: state.name,
      canVote: voter !== '' && state.choicesFor === voter && !state.details?.final,
      options: state.votes === null ? null : state.options,
      details: state.details,
      missing: state.missing,
      ifNeedBe: state.details !== undefined && !state.details.yesOnly,
      answers: state.answers,
      selected: new Set(state.answers.keys()),
      votes,
      voters: votersByOption(
        votes,
        (vote) => vote.option,
        (vote) => vote.user,
      ),
      voterNames: [...new Set(votes.map((vote) => vote.user.username))],
      comments: state.comments?.comments ?? null,
      moderator: state.comments?.moderator ?? false,
      commentForm: state.commentForm,
      emailForm: state.emailForm,
    };
  });
  const poll: Poll = {
    id: pollId,
    failures,
    $state,
    $voter,
    $view,
    queue: Promise.resolve(),
    changes: 0,
    sending: 0,
    version: -1,
  };

  onMount($view, () => {
    // The version is asked first, so a change after it is seen by the next check.
    void task(() =>
      enqueue(poll, async () => {
        const version = fetchPollVersion(pollId).catch(() => -1);
        const voter = $voter.get();
        await Promise.all([loadOptions(poll), loadAnswers(poll, { votes: true, voter }), loadComments(poll)]);
        poll.version = await version;
      }),
    );
    // A new voter (a saved name, a login) sees their own choices.
    const unsubscribe = $voter.listen((voter) => void loadAnswers(poll, { votes: false, voter, fresh: true }));
    const stopRefreshing = refreshWhileVisible(poll);
    return () => {
      unsubscribe();
      stopRefreshing();
    };
  });
  return poll;
}

/** While the page is visible, reads the poll's version and reloads the poll only when it moved. */
function refreshWhileVisible(poll: Poll): () => void {
  const refresh = async () => {
    const version = await fetchPollVersion(poll.id);
    if (version === poll.version) return;
    // Asked at the new version: answers the CDN shares between everyone watching the poll.
    await Promise.all([
      loadOptions(poll, version),
      loadAnswers(poll, { votes: true, voter: poll.$voter.get() }, version),
      loadComments(poll, version),
    ]);
    poll.version = version;
  };
  return whileVisible(() => enqueue(poll, refresh), REFRESH_MS);
}

/** Runs `job` after everything queued before it: a change carries the claim secret earlier votes
 * brought back, and a load never reads across a change. */
function enqueue(poll: Poll, job: () => Promise<void>): Promise<void> {
  const done = poll.queue.then(job);
  poll.queue = done.catch(() => undefined);
  return done;
}

function loadOptions({ id, failures, $state }: Poll, version?: number): Promise<void> {
  return task(async () => {
    try {
      const { options, ...details } = await fetchPoll(id, version);
      $state.setKey('options', options);
      $state.setKey('details', details);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) $state.setKey('missing', true);
      else console.error('An error has occurred', failures.options, error);
      $state.setKey('options', $state.get().options ?? []);
    }
  });
}

function loadComments({ id, $state }: Poll, version?: number): Promise<void> {
  return task(async () => {
    try {
      $state.setKey('comments', await fetchPollComments(id, version));
    } catch (error) {
      console.error('An error has occurred', 'Failed to fetch the comments', error);
    }
  });
}

/** One read of everyone's answers feeds everyone's votes and the voter's own; a new voter's
 * (`fresh`) are cleared until they arrive. */
function loadAnswers(
  poll: Poll,
  wanted: { votes: boolean; voter: string; fresh?: boolean },
  version?: number,
): Promise<void> {
  const { id, failures, $state, $voter } = poll;
  const { voter } = wanted;
  if (wanted.fresh) {
    $state.setKey('answers', new Map());
    $state.setKey('choicesFor', '');
  }
  if (!wanted.votes && !voter) return Promise.resolve();
  return task(async () => {
    const changes = poll.changes;
    let votes: Vote[];
    try {
      votes = await fetchPollAnswers(id, version);
    } catch (error) {
      if (wanted.votes) {
        console.error('An error has occurred', failures.votes, error);
        $state.setKey('votes', $state.get().votes ?? []);
      }
      if (voter) console.error('An error has occurred', failures.choices, error);
      return;
    }
    if (wanted.votes) $state.setKey('votes', votes);
    if (!voter || $voter.get() !== voter) return; // the voter changed meanwhile: their choices are loading
    if (poll.changes !== changes || poll.sending > 0) return; // a vote meanwhile: what is shown is newer
    const own = votes.filter((vote) => isOwnVote(vote, voter));
    $state.setKey('answers', new Map(own.map((vote): [string, Answer] => [vote.option, vote.answer])));
    $state.setKey('choicesFor', voter);
  });
}

/** A member's votes are those the server marks `mine`; an anonymous name's, those under the name. */
function isOwnVote(vote: Vote, voter: string): boolean {
  return isAnonymous(voter) ? voterKey(vote.user.username) === voterKey(voter) : vote.mine === true;
}

function pollOf(pollId: string): Poll {
  const poll = polls.get(pollId);
  if (!poll) throw new Error(`The scheduling poll ${pollId} is not open.`);
  return poll;
}

export function editVoterName(pollId: string, typed: string): void {
  pollOf(pollId).$state.setKey('name', { typed, saved: false, error: '' });
}

/** Saves the typed name unless blank or taken (a name this browser claimed is its own). */
export function saveVoterName(pollId: string, existingVoters: string[]): void {
  const { $state } = pollOf(pollId);
  const { name } = $state.get();
  const refuse = (error: string) => $state.setKey('name', { ...name, error });
  if (!name.typed.trim()) return refuse(BLANK_NAME);
  if (!claimSecretFor(pollId, voterKey(anonymousVoter(name.typed))) && nameTaken(name.typed, existingVoters)) {
    return refuse(NAME_TAKEN);
  }
  saveName(pollId, name.typed.trim());
  $state.setKey('name', { typed: name.typed, saved: true, error: '' });
  // A comment is signed with the name the voter goes by, unless they typed another there.
  const { commentForm } = $state.get();
  if (!commentForm.name.trim()) $state.setKey('commentForm', { ...commentForm, name: name.typed.trim() });
}

/** Cycles the voter's answer on an option, shown at once and undone on refusal. */
export function toggleChoice(pollId: string, optionId: string): Promise<void> {
  const poll = pollOf(pollId);
  const { $state } = poll;
  const voter = poll.$voter.get();
  const { answers, choicesFor } = $state.get();
  if (!voter || choicesFor !== voter || $state.get().details?.final) return Promise.resolve();
  const member = $user.get().username !== '';
  const before = answers.get(optionId);
  const after = poll.$view.get().ifNeedBe ? nextAnswer(before) : before ? undefined : 'yes';
  const show = (answer: Answer | undefined) => {
    const next = new Map($state.get().answers);
    if (answer) next.set(optionId, answer);
    else next.delete(optionId);
    $state.setKey('answers', next);
  };
  poll.changes += 1;
  poll.sending += 1;
  show(after);
  const send = async () => {
    const key = voterKey(voter);
    try {
      const body: VoteRequest = {
        pollId,
        optionId,
        username: voter,
        claimSecret: member ? undefined : claimSecretFor(pollId, key),
        answer: after ?? 'none',
      };
      const answer = await sendVote(body);
      if (answer.claimSecret) rememberClaim(pollId, key, answer.claimSecret);
    } catch (error) {
      show(before);
      switch (refusalReason<SchedulingReason>(error)) {
        case 'poll-closed':
          await loadOptions(poll); // the organiser decided meanwhile: the page shows the decision
          break;
        case 'poll-full':
          $state.setKey('name', { ...$state.get().name, error: POLL_FULL });
          break;
        case 'name-taken':
          $state.setKey('name', { ...$state.get().name, saved: false, error: NAME_TAKEN });
          break;
        default:
          console.error('An error has occurred', error);
      }
    }
    poll.changes += 1;
    poll.sending -= 1;
    await loadAnswers(poll, { votes: true, voter: '' });
  };
  return enqueue(poll, send);
}

export function editComment(pollId: string, fields: Partial<Pick<CommentForm, 'text' | 'name'>>): void {
  const { $state } = pollOf(pollId);
  $state.setKey('commentForm', { ...$state.get().commentForm, ...fields, error: '' });
}

export async function postComment(pollId: string): Promise<void> {
  const poll = pollOf(pollId);
  const { $state } = poll;
  const form = $state.get().commentForm;
  if (form.sending) return;
  const member = $user.get().username !== '';
  const problem = commentProblem(form.text) ?? (member || form.name.trim() ? undefined : COMMENT_NAME_NEEDED);
  if (problem) return $state.setKey('commentForm', { ...form, error: problem });
  $state.setKey('commentForm', { ...form, sending: true, error: '' });
  return enqueue(poll, async () => {
    try {
      await sendComment(pollId, form.text, member ? '' : form.name);
      const now = $state.get().commentForm;
      $state.setKey('commentForm', { ...now, text: now.text === form.text ? '' : now.text, sending: false });
      await loadComments(poll);
    } catch (error) {
      const refused = error instanceof ApiError ? error.message : 'Your comment could not be sent. Please try again.';
      $state.setKey('commentForm', { ...$state.get().commentForm, sending: false, error: refused });
      // The organiser switched comments off meanwhile: the page says so.
      if (refusalReason<SchedulingReason>(error) === 'comments-off') await loadOptions(poll);
    }
  });
}

export function deletePollComment(pollId: string, commentId: string): Promise<void> {
  const poll = pollOf(pollId);
  return enqueue(poll, async () => {
    try {
      await removeComment(pollId, commentId);
    } catch (error) {
      console.error('An error has occurred', 'Failed to delete the comment', error);
    }
    await loadComments(poll);
  });
}

export function editVoterEmail(pollId: string, typed: string): void {
  const { $state } = pollOf(pollId);
  $state.setKey('emailForm', { ...$state.get().emailForm, typed, error: '' });
}

/** Leaves the typed address (blank forgets it) for the voter to hear the decision. */
export async function saveVoterEmail(pollId: string): Promise<void> {
  const poll = pollOf(pollId);
  const { $state } = poll;
  const form = $state.get().emailForm;
  const voter = poll.$voter.get();
  const email = form.typed.trim();
  if (form.sending || !voter) return;
  if (email && !isValidEmail(email)) return $state.setKey('emailForm', { ...form, error: INVALID_EMAIL });
  $state.setKey('emailForm', { ...form, sending: true, error: '' });
  // Queued: the address goes with the claim secret a new name's first vote brings back.
  return enqueue(poll, async () => {
    try {
      const member = $user.get().username !== '';
      await sendVoterEmail({
        pollId,
        username: voter,
        claimSecret: member ? undefined : claimSecretFor(pollId, voterKey(voter)),
        email,
      });
      saveEmail(pollId, email);
      const { typed } = $state.get().emailForm;
      $state.setKey('emailForm', {
        typed: typed === form.typed ? email : typed,
        saved: email,
        error: '',
        sending: false,
      });
    } catch (error) {
      const refused = error instanceof ApiError ? error.message : 'Your address could not be saved. Please try again.';
      $state.setKey('emailForm', { ...$state.get().emailForm, sending: false, error: refused });
    }
  });
}

// ----- What a voter's browser remembers per poll: the saved name, its claims' secrets, the address -----

const nameKey = (pollId: string) => `scheduling-name:${pollId}`;
const claimsKey = (pollId: string) => `scheduling-claims:${pollId}`;
const emailKey = (pollId: string) => `scheduling-email:${pollId}`;

function claims(pollId: string): Record<string, string> {
  const parsed = readStoredJson<unknown>(claimsKey(pollId));
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

const savedName = (pollId: string) => readStored(nameKey(pollId)) ?? '';
const saveName = (pollId: string, name: string) => writeStored(nameKey(pollId), name);

const savedEmail = (pollId: string) => readStored(emailKey(pollId)) ?? '';
const saveEmail = (pollId: string, email: string) => writeStored(emailKey(pollId), email);

const claimSecretFor = (pollId: string, key: string): string | undefined => claims(pollId)[key];

function rememberClaim(pollId: string, key: string, secret: string): void {
  writeStoredJson(claimsKey(pollId), { ...claims(pollId), [key]: secret });
}
