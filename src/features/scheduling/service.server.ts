// Scheduling poll use cases: who may vote under which name, the votes, the results, and the
// console's create and drop actions (clearance is checked by the functions).
import { createHash, randomBytes } from 'node:crypto';
import { DATE_POLL } from '../../content/polls.ts';
import type { Admin } from '../../server/admin-limit.ts';
import { AppError } from '../../server/app-error.ts';
import { type Guest, type SignedIn, isSignedIn, sessionOf } from '../../server/caller.ts';
import { keys } from '../../server/keys.ts';
import { type RateLimit, rateLimited, scaledForLocalRun } from '../../server/rate-limit.ts';
import { checkedWithinRateLimits } from '../../server/session.ts';
import {
  type ChoiceWithUser,
  type DateChoiceWithUser,
  type DateOption,
  ANON_PREFIX,
  NAME_TAKEN,
  POLL_CLOSED,
  POLL_FULL,
  type ScheduleItem,
  TIME_SLOT_POLL_IDS,
  anonymousVoter,
  configuredDateOptions,
  configuredItems,
  configuredPollItems,
  inConfigOrder,
  isAnonymous,
  isTimeSlotPoll,
  voterKey,
} from './polls.ts';
import { decisionEvent, icsFile } from './ics.ts';
import { type CreatedPoll, type NewPoll, isCreatedPollId, newPollProblem, pollOptions } from './new-poll.ts';
import type { Answer } from './ranking.ts';
import * as repo from './repo.server.ts';
import type { AdminResponse, ChoiceResponse, NewPollRequest } from './schema.ts';

// Someone ticking every slot of both polls twice stays well inside; a script does not.
export const LIMITS = {
  changesPerAddress: { bucket: 'sched-vote-ip', max: 300, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

// Voters one poll takes: a league or a family reunion is a few dozen people; a script inventing
// names stops here, which also bounds what the poll's public results read (voters × options).
export const MAX_VOTERS_PER_POLL = 500;

export type PollKind = 'time-slot' | 'date';

/**
 * Checks that `pollId` names a poll of the kind, or throws a 400. Polls made in the console vote
 * through the time-slot endpoints; whether one exists is the store's to say (it offers no options).
 */
export function requirePoll(kind: PollKind, pollId: string): string {
  const known = kind === 'date' ? pollId === DATE_POLL.id : isTimeSlotPoll(pollId) || isCreatedPollId(pollId);
  if (!known) throw new AppError('bad_request', 'There is no such poll.');
  return pollId;
}

/**
 * The voter a request may act as: the token's username when logged in (asking for another name is
 * a 403), else an anonymous 'anon_' name (a registered username without its token is a 403).
 */
export function resolveVoter(requested: string, caller: SignedIn | Guest) {
  if (isSignedIn(caller)) {
    if (voterKey(requested) !== voterKey(caller.username)) {
      throw new AppError('forbidden', 'You can only vote as yourself.');
    }
    return { username: caller.username, anonymous: false };
  }
  if (!isAnonymous(requested)) throw new AppError('forbidden', 'Please log in to vote under your username.');
  const username = anonymousVoter(requested.slice(ANON_PREFIX.length));
  if (username === anonymousVoter('')) throw new AppError('bad_request', 'Please enter your name to vote.');
  return { username, anonymous: true };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface ChangeInput {
  kind: PollKind;
  change: 'add' | 'remove';
  pollId: string;
  optionId: string;
  username: string;
  claimSecret?: string;
  /** Yes unless said; "if need be" only in a poll made in the console. */
  answer?: Answer;
}

/** Adds or removes a vote; the first vote under an anonymous name returns the name's claim secret. */
export async function changeChoice(
  input: ChangeInput,
  caller: SignedIn | Guest,
  address: string,
): Promise<ChoiceResponse> {
  const pollId = requirePoll(input.kind, input.pollId);
  const answer = input.answer ?? 'yes';
  if (answer === 'ifNeedBe' && !isCreatedPollId(pollId)) {
    throw new AppError('bad_request', 'This poll takes yes answers only.');
  }
  const voter = resolveVoter(input.username, caller);
  // A signed-in voter's session is checked in the rate limit's round trip, before the vote is written.
  await checkedWithinRateLimits(sessionOf(caller), [[LIMITS.changesPerAddress, address]]);
  const newSecret = randomBytes(24).toString('base64url');
  const outcome = await repo.changeVote(
    {
      pollId,
      optionId: input.optionId,
      ...voter,
      change: input.change,
      secretHash: input.claimSecret ? sha256(input.claimSecret) : '',
      newSecretHash: sha256(newSecret),
      maxVoters: scaledForLocalRun(MAX_VOTERS_PER_POLL),
      answer,
    },
    address,
  );
  // Over register's limits on looking at accounts: the same refusal register gives.
  if (typeof outcome === 'number') throw rateLimited(outcome);
  if (outcome === 'unknown-option') {
    const missing = isCreatedPollId(pollId)
      ? 'There is no such option in this poll.'
      : input.kind === 'date'
        ? 'There is no such date.'
        : 'There is no such time slot.';
    throw new AppError('bad_request', missing);
  }
  if (outcome === 'closed') throw new AppError('conflict', POLL_CLOSED);
  if (outcome === 'taken') throw new AppError('conflict', NAME_TAKEN);
  if (outcome === 'full') throw new AppError('conflict', POLL_FULL);
  return outcome === 'claimed' ? { status: 'Success', claimSecret: newSecret } : { status: 'Success' };
}

/** The option ids a voter chose. */
export function choicesOf(kind: PollKind, pollId: string, username: string): Promise<string[]> {
  requirePoll(kind, pollId);
  if (!username.trim()) throw new AppError('bad_request', 'username is required.');
  return repo.voterChoices(pollId, username.trim());
}

const configuredItemNames = () => configuredItems().map((item) => item.name);
const configuredDateNames = () => configuredDateOptions().map((option) => option.name);

/** The schedule items a time-slot poll offers, in date and slot order. */
export async function scheduleItems(pollId: string): Promise<ScheduleItem[]> {
  requirePoll('time-slot', pollId);
  const { offered, names } = await repo.pollOptions(pollId, keys.scheduleItems());
  const items = offered.filter((id) => id in names).map((id) => ({ _id: id, name: names[id]! }));
  return inConfigOrder(items, (item) => item.name, configuredItemNames());
}

/** The dates the date poll offers, in date order. */
export async function availableDates(pollId: string): Promise<DateOption[]> {
  requirePoll('date', pollId);
  const { offered, names } = await repo.pollOptions(pollId, keys.scheduleDates());
  const dates = offered
    .filter((name) => name in names)
    .map((name) => (names[name] ? { name, description: names[name] } : { name }));
  return inConfigOrder(dates, (date) => date.name, configuredDateNames());
}

/** Who chose which schedule item (one round trip: item names are its ids' config names). */
export async function choicesWithUsers(pollId: string): Promise<ChoiceWithUser[]> {
  requirePoll('time-slot', pollId);
  const nameOf = new Map(configuredItems().map((item) => [item._id, item.name]));
  return (await repo.pollVotes(pollId)).map(({ option, user }) => ({
    scheduleItem: { _id: option, name: nameOf.get(option) ?? option },
    user,
  }));
}

/** Who chose which date. */
export async function dateChoicesWithUsers(pollId: string): Promise<DateChoiceWithUser[]> {
  requirePoll('date', pollId);
  return (await repo.pollVotes(pollId)).map(({ option, user }) => ({ date: option, user }));
}

// ----- The console's actions -----

const success = (fields: Omit<AdminResponse, 'status'>): AdminResponse => ({ status: 'Success', ...fields });

/** Adds the content config's schedule items that the store lacks. */
export async function createScheduleItems(admin: Admin): Promise<AdminResponse> {
  const created = await repo.addToCatalogue(
    keys.scheduleItems(),
    configuredItems().map((item) => [item._id, item.name]),
    undefined,
    admin,
  );
  return success({ created, message: `${configuredItems().length} time slots are configured.` });
}

/** Offers each time-slot poll the existing items of its dates. */
export async function createSchedulePolls(admin: Admin): Promise<AdminResponse> {
  const wanted = Object.fromEntries(
    TIME_SLOT_POLL_IDS.map((pollId) => [pollId, configuredPollItems(pollId).map((item) => item._id)]),
  );
  const created = await repo.offerExisting(keys.scheduleItems(), wanted, admin);
  if (created < 0) {
    return { status: 'Failed', error: 'There are no schedule items yet.', message: 'Create the schedule items first.' };
  }
  return success({ created, message: `Polls ${pollList()} offer their time slots.` });
}

/** Deletes every schedule item and the votes for them. */
export async function dropScheduleItems(admin: Admin): Promise<AdminResponse> {
  const deleted = await repo.dropCatalogue(keys.scheduleItems(), TIME_SLOT_POLL_IDS, admin);
  return success({ deleted, message: 'Their votes were deleted with them.' });
}

/** Takes every time slot out of the time-slot polls, with their votes; the items stay. */
export async function dropSchedulePolls(admin: Admin): Promise<AdminResponse> {
  const deleted = await repo.dropOffered(TIME_SLOT_POLL_IDS, admin);
  return success({ deleted, message: `Polls ${pollList()} offer nothing now; their votes were deleted.` });
}

/** Adds the content config's reunion dates that the store lacks, and offers them in the poll. */
export async function createScheduleDateItems(admin: Admin): Promise<AdminResponse> {
  const options = configuredDateOptions();
  const created = await repo.addToCatalogue(
    keys.scheduleDates(),
    options.map((option) => [option.name, option.description ?? '']),
    DATE_POLL.id,
    admin,
  );
  return success({ created, message: `${options.length} dates are configured.` });
}

/** Deletes every reunion date and the votes for them. */
export async function dropScheduleDateItems(admin: Admin): Promise<AdminResponse> {
  const deleted = await repo.dropCatalogue(keys.scheduleDates(), [DATE_POLL.id], admin);
  return success({ deleted, message: 'Their votes were deleted with them.' });
}

const pollList = () => TIME_SLOT_POLL_IDS.join(' and ');

export type AdminAction =
  | 'create-schedule-items'
  | 'create-schedule-polls'
  | 'drop-schedule-items'
  | 'drop-schedule-polls'
  | 'create-schedule-date-items'
  | 'drop-schedule-date-items';

/** The console's actions; each counts the acting admin's attempt (src/server/admin-limit.ts). */
export const ADMIN_ACTIONS: Record<AdminAction, (admin: Admin) => Promise<AdminResponse>> = {
  'create-schedule-items': createScheduleItems,
  'create-schedule-polls': createSchedulePolls,
  'drop-schedule-items': dropScheduleItems,
  'drop-schedule-polls': dropSchedulePolls,
  'create-schedule-date-items': createScheduleDateItems,
  'drop-schedule-date-items': dropScheduleDateItems,
};

// ----- Polls made in the console (issue 20) -----

/** A poll's version: an open page reads it every few seconds and reloads only when it moved. */
export async function pollVersion(pollId: string): Promise<{ version: number }> {
  if (!isCreatedPollId(pollId) && !isTimeSlotPoll(pollId) && pollId !== DATE_POLL.id) {
    throw new AppError('not_found', 'There is no such poll.');
  }
  return { version: await repo.pollVersion(pollId) };
}

/** A made poll, its decision and version; a 404 when there is none (never made, or deleted). */
export async function createdPoll(pollId: string): Promise<CreatedPoll & { version: number }> {
  const found = isCreatedPollId(pollId) ? await repo.readPoll(pollId) : undefined;
  if (!found) throw new AppError('not_found', 'There is no such poll. It may have been deleted.');
  return { ...found.poll, version: found.version };
}

/** Every answer of a made poll: the option, yes or if need be, and who. */
export function pollAnswers(pollId: string) {
  if (!isCreatedPollId(pollId)) throw new AppError('not_found', 'There is no such poll.');
  return repo.pollVotes(pollId);
}

/** The decision of a finalised poll as an .ics file; a 404 while it is open. */
export async function pollCalendar(pollId: string, now = Date.now()): Promise<string> {
  const event = decisionEvent(await createdPoll(pollId), now);
  if (!event) throw new AppError('not_found', 'This poll has no decision yet.');
  return icsFile(event);
}

/** A new poll's id: twelve random lower-case letters and digits. */
const newPollId = () =>
  Array.from(randomBytes(12), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('');

/** Makes a poll from the console's form; the form's first problem is a 400 with its message. */
export async function createPoll(admin: Admin, request: NewPollRequest, now = Date.now()) {
  const input: NewPoll = {
    title: request.title.trim(),
    description: request.description.trim(),
    location: request.location.trim(),
    zone: request.zone,
    days: request.days.map((day) => ({ date: day.date, slots: day.slots })),
    slotMinutes: request.slotMinutes,
  };
  const problem = newPollProblem(input, now);
  if (problem) throw new AppError('bad_request', problem);
  const { days: _days, ...fields } = input;
  const poll: CreatedPoll = { id: newPollId(), ...fields, options: pollOptions(input), createdAt: now };
  const outcome = await repo.createPoll(admin, poll);
  if (outcome === 'full') {
    throw new AppError(
      'conflict',
      `The site keeps at most ${repo.MAX_CREATED_POLLS} polls. Please delete an old one first.`,
    );
  }
  if (outcome === 'taken') throw new AppError('unavailable', 'Please try again.');
  return { status: 'Success' as const, poll };
}

/** Every made poll for the console, newest first, with its number of voters. */
export const listPolls = (admin: Admin) => repo.listPolls(admin);

const NO_SUCH_POLL = 'There is no such poll. It may have been deleted.';

/** Deletes a made poll with its votes. */
export async function deletePoll(admin: Admin, pollId: string) {
  if (!isCreatedPollId(pollId) || !(await repo.deletePoll(admin, pollId)))
    throw new AppError('not_found', NO_SUCH_POLL);
  return { status: 'Success' as const };
}

/** Finalises a made poll on one of its options (`optionId`), or reopens it (''). */
export async function decidePoll(admin: Admin, pollId: string, optionId: string) {
  const outcome = isCreatedPollId(pollId) ? await repo.decidePoll(admin, pollId, optionId) : 'missing';
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'unknown-option') throw new AppError('bad_request', 'There is no such option in this poll.');
  return { status: 'Success' as const };
}
