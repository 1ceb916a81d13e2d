// The poll organiser, on a member's "Your polls" page and in the console: the poll being made and
// the polls made so far, each action followed by a reload of the list. Changes and loads go one at
// a time: a reload never reads across a change.
import { atom, map, onMount } from 'nanostores';
import { ApiError, refusalReason } from '../../../platform/api-client.ts';
import * as api from './api-client.ts';
import { newPollProblem } from '../poll/logic.ts';
import type { CreatedPoll, ListedPoll, NewPoll, NewPollDay, SchedulingReason } from '../poll/schema.ts';
import type { OrganisedVoter } from './schema.ts';

export type { ListedPoll } from '../poll/schema.ts';

/** Which polls the organiser lists: the member's own, or (in the console) every poll. */
export type OrganiserScope = 'mine' | 'all';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/** A fresh poll: nothing picked yet, in the organiser's own time zone. */
export const blankPoll = (): NewPoll => ({
  title: '',
  description: '',
  location: '',
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  days: [],
  slotMinutes: 60,
});

/** The polls made so far, newest first; null until the first load answers. */
export const $madePolls = atom<ListedPoll[] | null>(null);
/** The cursor of the next older page of the console's polls, or null when the oldest is shown. */
export const $olderPolls = atom<string | null>(null);
export const $loadingOlder = atom(false);
export const $listError = atom('');
export const $draft = atom<NewPoll>(blankPoll());
/** What is wrong with the poll being made, or why it was not made. */
export const $draftError = atom('');
export const $creating = atom(false);
/** The poll made last, for its link. */
export const $created = atom<CreatedPoll | undefined>(undefined);
/** The title of the poll last copied into the new poll's form (duplicate), for the form to say so. */
export const $duplicated = atom('');
/** The made poll the form changes (edit), or null while it makes a new one. */
export const $editing = atom<CreatedPoll | null>(null);
/** How many answers the edit's dropped options would delete, while the organiser is asked; else null. */
export const $answersGoing = atom<number | null>(null);
/** What the last edit saved, for the form to say so. */
export const $edited = atom('');
/** By poll id: why the last action on it failed, what it did (how its decision's mail went), its voters. */
export const $pollErrors = map<Record<string, string>>({});
export const $pollNotices = map<Record<string, string>>({});
export const $pollVoters = map<Record<string, OrganisedVoter[]>>({});
export const $confirmingDelete = atom<string | null>(null);
export const $confirmingRemoval = atom<{ pollId: string; voter: OrganisedVoter } | null>(null);

let scope: OrganiserScope = 'all';

/** Says which polls the organiser lists, before they first show. */
export function chooseScope(chosen: OrganiserScope): void {
  scope = chosen;
}

let queue: Promise<void> = Promise.resolve();

function enqueue(job: () => Promise<void>): Promise<void> {
  const done = queue.then(job);
  queue = done.catch(() => undefined);
  return done;
}

onMount($madePolls, () => {
  void enqueue(loadPolls);
});

/** When the list was last read (ms): a poll's deadline has passed if it came before. */
export const $listedAt = atom(Date.now());

/**
 * Loads the newest made polls, or those older than `before` after the ones shown; a
 * failure says why and leaves those shown.
 */
async function loadPage(before?: string): Promise<void> {
  try {
    const page = await (before ? api.fetchPolls(before) : scope === 'mine' ? api.fetchOwnPolls() : api.fetchPolls());
    $listedAt.set(Date.now());
    const shown = before ? ($madePolls.get() ?? []) : [];
    const known = new Set(shown.map((poll) => poll.id));
    $madePolls.set([...shown, ...page.polls.filter((poll) => !known.has(poll.id))]);
    $olderPolls.set(page.older);
    if (!before) $listError.set('');
  } catch (error) {
    $listError.set(reason(error));
  }
}

export const loadPolls = () => loadPage();

export async function loadOlderPolls(): Promise<void> {
  const before = $olderPolls.get();
  if (!before || $loadingOlder.get()) return;
  $loadingOlder.set(true);
  await loadPage(before);
  $loadingOlder.set(false);
}

export const editDraft = (fields: Partial<NewPoll>) => $draft.set({ ...$draft.get(), ...fields });

const editDay = (date: string, change: (day: NewPollDay) => NewPollDay) =>
  editDraft({ days: $draft.get().days.map((day) => (day.date === date ? change(day) : day)) });

/** Adds a picked date ('YYYY-MM-DD'), the whole day until times are added, in date order. */
export function addDate(date: string): void {
  const { days } = $draft.get();
  if (!date) return $draftError.set('Please pick a date first.');
  if (days.some((day) => day.date === date)) return $draftError.set(`${date} is picked already.`);
  editDraft({ days: [...days, { date, slots: [] }].sort((a, b) => a.date.localeCompare(b.date)) });
  $draftError.set('');
}

/** Puts a made poll in the form: its title, details, zone, slot length and dates with their start times. */
function fillForm(poll: CreatedPoll, editing: boolean): void {
  const days = new Map<string, string[]>();
  for (const { date, time } of poll.options) days.set(date, [...(days.get(date) ?? []), ...(time ? [time] : [])]);
  const { title, description, location, zone, slotMinutes } = poll;
  $draft.set({
    title,
    description,
    location,
    zone,
    slotMinutes,
    days: [...days].map(([date, slots]) => ({ date, slots })),
  });
  $draftError.set('');
  $created.set(undefined);
  $edited.set('');
  $duplicated.set(editing ? '' : title);
  $editing.set(editing ? poll : null);
}

/** Copies a made poll into the form, to change (a date gone by, say) and create as a poll of its own. */
export const duplicate = (poll: CreatedPoll) => fillForm(poll, false);

/** Opens a made poll in the form, to change and save in place. */
export const startEdit = (poll: CreatedPoll) => fillForm(poll, true);

/** Leaves the edit unsaved: the form makes a new poll again. */
export function stopEdit(): void {
  $editing.set(null);
  $answersGoing.set(null);
  $draft.set(blankPoll());
  $draftError.set('');
}

export const removeDate = (date: string) => editDraft({ days: $draft.get().days.filter((day) => day.date !== date) });

/** Adds a start time ('HH:MM') to a picked date, once, in time order. */
export function addTime(date: string, time: string): void {
  if (time) editDay(date, (day) => ({ ...day, slots: [...new Set([...day.slots, time])].sort() }));
}

export const removeTime = (date: string, time: string) =>
  editDay(date, (day) => ({ ...day, slots: day.slots.filter((slot) => slot !== time) }));

/**
 * Makes the poll in the form, or saves the poll it edits, unless poll/logic.ts finds a problem; then
 * starts a fresh one. An edit that would delete answers (more than `dropAnswers`) asks first.
 */
export async function saveDraft(now = Date.now(), dropAnswers = 0): Promise<void> {
  if ($creating.get()) return;
  const poll = $draft.get();
  const editing = $editing.get();
  const problem = newPollProblem(poll, now, editing?.options);
  if (problem) return $draftError.set(problem);
  $creating.set(true);
  $draftError.set('');
  $answersGoing.set(null);
  return enqueue(async () => {
    try {
      if (editing) {
        const { removedAnswers } = await api.editPoll(editing.id, poll, dropAnswers);
        const deleted = removedAnswers > 0 ? `, with the ${removedAnswers} answer(s) to the options taken out` : '';
        $edited.set(`Changes to “${poll.title.trim()}” saved${deleted}.`);
        $editing.set(null);
      } else {
        $created.set((await api.createPoll(poll)).poll);
        $edited.set('');
      }
      $draft.set(blankPoll());
      $duplicated.set('');
    } catch (error) {
      if (refusalReason<SchedulingReason>(error) === 'answers-go') {
        return $answersGoing.set(((error as ApiError).body as { answers: number }).answers);
      }
      return $draftError.set(reason(error));
    } finally {
      $creating.set(false);
    }
    await loadPolls();
  });
}

/** Runs an action on a made poll after those before it, then reloads the list; a failure is shown with that poll. */
function act(pollId: string, action: () => Promise<unknown>): Promise<void> {
  $pollErrors.setKey(pollId, '');
  $pollNotices.setKey(pollId, '');
  return enqueue(async () => {
    try {
      await action();
      await loadPolls();
    } catch (error) {
      $pollErrors.setKey(pollId, reason(error));
    }
  });
}

/** Words how the decision's mail went: 'Told 2 voters by email; 1 not sent (the day's mail is used up).' */
export function toldNotice({ delivered, undelivered, 'not-sent': notSent }: api.ToldCounts): string {
  if (delivered + undelivered + notSent === 0) return '';
  const parts = [`Told ${delivered} voter${delivered === 1 ? '' : 's'} by email`];
  if (notSent > 0) parts.push(`${notSent} not sent (the day's mail is used up, or mail is off)`);
  if (undelivered > 0) parts.push(`${undelivered} could not be delivered`);
  return `${parts.join('; ')}.`;
}

/** Decides a made poll on one of its options: it then takes no votes, and the voters who left an address are mailed. */
export const finalise = (pollId: string, optionId: string) =>
  act(pollId, async () => $pollNotices.setKey(pollId, toldNotice((await api.finalisePoll(pollId, optionId)).told)));

/**
 * Changes a made poll's comments, digest, hidden names or deadline: shown at once, put back by the reload if refused.
 */
export function changeSettings(pollId: string, settings: api.PollSettings): Promise<void> {
  const { comments, digest, hideVoters, deadline } = settings;
  const shown = (poll: ListedPoll): ListedPoll => ({
    ...poll,
    commentsOff: comments === undefined ? poll.commentsOff : !comments || undefined,
    digest: digest === undefined ? poll.digest : digest || undefined,
    votersHidden: hideVoters === undefined ? poll.votersHidden : hideVoters || undefined,
    deadline: deadline === undefined ? poll.deadline : (deadline ?? undefined),
  });
  $madePolls.set($madePolls.get()?.map((poll) => (poll.id === pollId ? shown(poll) : poll)) ?? null);
  return act(pollId, () => api.changePollSettings(pollId, settings));
}

export const reopen = (pollId: string) => act(pollId, () => api.reopenPoll(pollId));

export const askToDelete = (pollId: string) => $confirmingDelete.set(pollId);
export const cancelDelete = () => $confirmingDelete.set(null);

export function confirmDelete(pollId: string): Promise<void> {
  $confirmingDelete.set(null);
  return act(pollId, () => api.deletePoll(pollId));
}

/** (Re)loads a poll's voters, with the addresses they left; a failure is shown with that poll. */
export async function loadVoters(pollId: string): Promise<void> {
  try {
    $pollVoters.setKey(pollId, await api.fetchPollVoters(pollId));
  } catch (error) {
    $pollErrors.setKey(pollId, reason(error));
  }
}

export const askToRemoveVoter = (pollId: string, voter: OrganisedVoter) => $confirmingRemoval.set({ pollId, voter });
export const cancelRemoval = () => $confirmingRemoval.set(null);

/** Takes every voter who joined at or after `since` (ms) out of a poll, with their answers, and says how many went. */
export const removeVotersSince = (pollId: string, since: number) =>
  act(pollId, async () => {
    const { removedVoters } = await api.removeVotersSince(pollId, since);
    $pollNotices.setKey(pollId, `Removed ${removedVoters} voter(s) who joined since then.`);
    await loadVoters(pollId);
  });

/** Takes a voter out of a poll with all their answers. */
export function confirmRemoval(pollId: string, voter: OrganisedVoter): Promise<void> {
  $confirmingRemoval.set(null);
  return act(pollId, async () => {
    await api.removeVoter(pollId, voter.username);
    await loadVoters(pollId);
  });
}
