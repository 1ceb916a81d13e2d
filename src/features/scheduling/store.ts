// A scheduling poll's state, one store per poll id (SPEC sections 2, 4, 5, 8): who votes (the
// member, or a saved anonymous name), the poll's options, this voter's choices and everyone's
// votes; and the actions that save a name and toggle a choice. Failed loads are logged; a name
// the server says is taken is reported on the name form.
import { computed, map, onMount, task, type MapStore, type ReadableAtom } from 'nanostores';
import type { UserDetails } from '../../lib/user-details.ts';
import { ApiError } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import {
  type VoteChange,
  changeChoice,
  changeDateChoice,
  fetchAvailableDates,
  fetchChoicesWithUsers,
  fetchDateChoicesWithUsers,
  fetchScheduleItems,
  fetchUserChoices,
  fetchUserDateChoices,
} from './api-client.ts';
import {
  type DateOption,
  NAME_TAKEN,
  POLL_FULL,
  type ScheduleItem,
  type Voter,
  anonymousVoter,
  nameTaken,
  voterKey,
  votersByOption,
} from './polls.ts';
import type { ChoiceResponse } from './schema.ts';
import { claimSecretFor, rememberClaim, saveName, savedName } from './voter-storage.ts';

/** Who chose an option. */
export interface Vote {
  option: string;
  user: Voter;
}

/** The calls of one kind of poll, and what each failed fetch logs (SPEC section 8). */
export interface PollApi<Option> {
  fetchOptions(pollId: string): Promise<Option[]>;
  fetchChoices(pollId: string, username: string): Promise<string[]>;
  fetchVotes(pollId: string): Promise<Vote[]>;
  change(change: 'add' | 'remove', optionId: string, body: VoteChange): Promise<ChoiceResponse>;
  failures: { options: string; choices: string; votes: string };
}

/** The reunion date poll's calls. */
export const DATE_POLL_API: PollApi<DateOption> = {
  fetchOptions: fetchAvailableDates,
  fetchChoices: fetchUserDateChoices,
  fetchVotes: async (pollId) =>
    (await fetchDateChoicesWithUsers(pollId)).map((choice) => ({ option: choice.date, user: choice.user })),
  change: changeDateChoice,
  failures: {
    options: 'Failed to fetch available dates',
    choices: 'Failed to fetch user date choices',
    votes: 'Failed to fetch date vote details',
  },
};

/** A time-slot poll's calls. */
export const TIME_SLOT_POLL_API: PollApi<ScheduleItem> = {
  fetchOptions: fetchScheduleItems,
  fetchChoices: fetchUserChoices,
  fetchVotes: async (pollId) =>
    (await fetchChoicesWithUsers(pollId)).map((choice) => ({ option: choice.scheduleItem._id, user: choice.user })),
  change: changeChoice,
  failures: {
    options: 'Failed to fetch schedule items',
    choices: 'Failed to fetch user choices',
    votes: 'Failed to fetch vote details',
  },
};

const BLANK_NAME = 'Please enter your name.';

/** The anonymous name form. */
interface NameForm {
  typed: string;
  saved: boolean;
  error: string;
}

interface PollState<Option> {
  options: Option[] | null;
  votes: Vote[] | null;
  selected: ReadonlySet<string>;
  /** The voter whose choices `selected` holds: voting opens once they have loaded, so a click never races them. */
  choicesFor: string;
  name: NameForm;
}

/** What a poll's islands render. */
export interface PollView<Option> {
  /** The logged-in member, who votes under their username. */
  member: UserDetails | undefined;
  /** The name votes go under ('' while there is none). */
  voter: string;
  name: NameForm;
  canVote: boolean;
  /** Null until the options and the votes have both arrived, so the page renders once. */
  options: Option[] | null;
  selected: ReadonlySet<string>;
  /** Who chose each option, by option id. */
  voters: Map<string, Voter[]>;
  voterNames: string[];
}

interface Poll<Option> {
  id: string;
  api: PollApi<Option>;
  $state: MapStore<PollState<Option>>;
  $voter: ReadableAtom<string>;
  $view: ReadableAtom<PollView<Option>>;
  /** Changes go out one at a time, so a quick second click carries the secret the first one claimed. */
  queue: Promise<void>;
}

const polls = new Map<string, Poll<unknown>>();

/** The store of the poll with this id, made on first use; showing it loads the poll. */
export function schedulingPoll<Option>(pollId: string, api: PollApi<Option>): ReadableAtom<PollView<Option>> {
  let poll = polls.get(pollId) as Poll<Option> | undefined;
  if (!poll) {
    poll = createPoll(pollId, api);
    polls.set(pollId, poll as Poll<unknown>);
  }
  return poll.$view;
}

function createPoll<Option>(pollId: string, api: PollApi<Option>): Poll<Option> {
  const typed = savedName(pollId);
  const $state = map<PollState<Option>>({
    options: null,
    votes: null,
    selected: new Set(),
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
      canVote: voter !== '' && state.choicesFor === voter,
      options: state.votes === null ? null : state.options,
      selected: state.selected,
      voters: votersByOption(
        votes,
        (vote) => vote.option,
        (vote) => vote.user,
      ),
      voterNames: [...new Set(votes.map((vote) => vote.user.username))],
    };
  });
  const poll: Poll<Option> = { id: pollId, api, $state, $voter, $view, queue: Promise.resolve() };

  onMount($view, () => {
    void task(async () => {
      try {
        $state.setKey('options', await api.fetchOptions(pollId));
      } catch (error) {
        console.error('An error has occurred', api.failures.options, error);
        $state.setKey('options', []);
      }
    });
    void loadVotes(poll);
    // A new voter (a saved name, a login) sees their own choices.
    return $voter.subscribe((voter) => void loadChoices(poll, voter));
  });
  return poll;
}

function loadVotes<Option>({ id, api, $state }: Poll<Option>): Promise<void> {
  return task(async () => {
    try {
      $state.setKey('votes', await api.fetchVotes(id));
    } catch (error) {
      console.error('An error has occurred', api.failures.votes, error);
      $state.setKey('votes', $state.get().votes ?? []);
    }
  });
}

function loadChoices<Option>({ id, api, $state, $voter }: Poll<Option>, voter: string): Promise<void> {
  $state.setKey('selected', new Set());
  $state.setKey('choicesFor', '');
  if (!voter) return Promise.resolve();
  return task(async () => {
    try {
      const ids = await api.fetchChoices(id, voter);
      if ($voter.get() !== voter) return; // the voter changed meanwhile: their choices are loading
      $state.setKey('selected', new Set(ids));
      $state.setKey('choicesFor', voter);
    } catch (error) {
      console.error('An error has occurred', api.failures.choices, error);
    }
  });
}

function pollOf(pollId: string): Poll<unknown> {
  const poll = polls.get(pollId);
  if (!poll) throw new Error(`The scheduling poll ${pollId} is not open.`);
  return poll;
}

/** Replaces the typed anonymous name, unsaving it and clearing its error. */
export function editVoterName(pollId: string, typed: string): void {
  pollOf(pollId).$state.setKey('name', { typed, saved: false, error: '' });
}

/** Saves the typed name unless it is blank or one of `existingVoters` (a name this browser claimed is its own). */
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
}

/**
 * Chooses or unchooses an option for the voter, shown at once and undone if the server refuses;
 * then reloads everyone's votes. A no-op until the voter's own choices have loaded.
 */
export function toggleChoice(pollId: string, optionId: string): Promise<void> {
  const poll = pollOf(pollId);
  const { api, $state } = poll;
  const voter = poll.$voter.get();
  const { selected, choicesFor } = $state.get();
  if (!voter || choicesFor !== voter) return Promise.resolve();
  const member = $user.get().username !== '';
  const change = selected.has(optionId) ? 'remove' : 'add';
  const mark = (chosen: boolean) => {
    const next = new Set($state.get().selected);
    if (chosen) next.add(optionId);
    else next.delete(optionId);
    $state.setKey('selected', next);
  };
  mark(change === 'add');
  const send = async () => {
    const key = voterKey(voter);
    try {
      const answer = await api.change(change, optionId, {
        pollId,
        username: voter,
        claimSecret: member ? undefined : claimSecretFor(pollId, key),
      });
      if (answer.claimSecret) rememberClaim(pollId, key, answer.claimSecret);
    } catch (error) {
      mark(change !== 'add');
      if (error instanceof ApiError && error.status === 409 && error.message === POLL_FULL) {
        $state.setKey('name', { ...$state.get().name, error: POLL_FULL });
      } else if (error instanceof ApiError && error.status === 409) {
        $state.setKey('name', { ...$state.get().name, saved: false, error: NAME_TAKEN });
      } else console.error('An error has occurred', error);
    }
    await loadVotes(poll);
  };
  poll.queue = poll.queue.then(send);
  return poll.queue;
}
