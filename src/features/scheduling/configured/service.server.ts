// The spec's compatibility endpoints (SPEC section 7) that no page calls, thin over the one poll
// model: the configured polls' options and choices, their votes, and the console's six actions.
import * as catalogue from './repo.server.ts';
import { DATE_POLL } from '../../../content/polls.ts';
import { AppError } from '../../../server/app-error.ts';
import type { Guest, SignedIn } from '../../../server/caller.ts';
import { indexPolls } from '../organising/repo.server.ts';
import { readPoll, storeDefinitions } from '../poll/repo.server.ts';
import { migrateVoting, pollVotes } from '../voting/repo.server.ts';
import type { SchedulingReason } from '../poll/schema.ts';
import type { ChoiceRequest, DateChoiceRequest } from '../voting/schema.ts';
import type { AdminResponse } from './schema.ts';
import {
  type ChoiceWithUser,
  type DateChoiceWithUser,
  dateOptionOf,
  isTimeSlotPoll,
  scheduleItemOf,
  specPoll,
  TIME_SLOT_POLL_IDS,
  configuredDateOptions,
  configuredItems,
  specPolls,
} from './logic.ts';
import { type VoteInput, choicesOf, vote } from '../voting/service.server.ts';
import { NO_SUCH_OPTION } from '../poll/logic.ts';
import type { Admin } from '../../../server/admin-limit.ts';

export type Kind = 'time-slot' | 'date';

/** The poll id, when it names a configured poll of the kind; else a 404. */
function requireKind(kind: Kind, pollId: string): string {
  if (kind === 'date' ? pollId !== DATE_POLL.id : !isTimeSlotPoll(pollId)) {
    throw new AppError('not_found', 'There is no such poll.');
  }
  return pollId;
}

async function offeredOptions(pollId: string) {
  return (await readPoll(pollId))?.poll.options ?? [];
}

/** A time-slot poll's schedule items. */
export const scheduleItems = async (pollId: string) =>
  (await offeredOptions(requireKind('time-slot', pollId))).map(scheduleItemOf);

export const availableDates = async (pollId: string) =>
  (await offeredOptions(requireKind('date', pollId))).map(dateOptionOf);

/** The option ids a voter chose in a configured poll of the kind. */
export const userChoices = (kind: Kind, pollId: string, username: string) =>
  choicesOf(requireKind(kind, pollId), username);

/** Who chose which item: one round trip (the items' names are the config's). */
export async function choicesWithUsers(pollId: string): Promise<ChoiceWithUser[]> {
  const names = new Map(
    specPoll(requireKind('time-slot', pollId))!.options.map((option) => [option.id, scheduleItemOf(option)]),
  );
  return (await pollVotes(pollId)).map(({ option, user }) => ({
    scheduleItem: names.get(option) ?? { _id: option, name: option },
    user,
  }));
}

export async function dateChoicesWithUsers(pollId: string): Promise<DateChoiceWithUser[]> {
  return (await pollVotes(requireKind('date', pollId))).map(({ option, user }) => ({ date: option, user }));
}

/** A vote through the model, its unknown option refused in the spec's words. */
async function voteAs(input: VoteInput, unknownOption: string, caller: SignedIn | Guest, address: string) {
  try {
    return await vote(input, caller, address);
  } catch (error) {
    if (error instanceof AppError && error.reason === 'unknown-option') {
      throw new AppError<SchedulingReason>('bad_request', unknownOption, {}, 'unknown-option');
    }
    throw error;
  }
}

/** Adds or removes a time slot (or, in a made poll, answers any option). */
export function changeChoice(change: 'add' | 'remove', body: ChoiceRequest, caller: SignedIn | Guest, address: string) {
  if (body.pollId === DATE_POLL.id) throw new AppError('not_found', 'There is no such poll.');
  const { scheduleItemId, answer, ...rest } = body;
  return voteAs(
    { ...rest, optionId: scheduleItemId, answer: change === 'add' ? answer : 'none' },
    isTimeSlotPoll(body.pollId) ? 'There is no such time slot.' : NO_SUCH_OPTION,
    caller,
    address,
  );
}

/** Adds or removes a date in the date poll. */
export function changeDateChoice(
  change: 'add' | 'remove',
  body: DateChoiceRequest,
  caller: SignedIn | Guest,
  address: string,
) {
  const { date, ...rest } = body;
  requireKind('date', body.pollId);
  return voteAs(
    { ...rest, optionId: date, answer: change === 'add' ? 'yes' : 'none' },
    'There is no such date.',
    caller,
    address,
  );
}

// ----- The console's actions: the catalogues the configured polls may offer -----

/** What a console action did, in the spec's words; `error` when it was refused. */
export type ConsoleOutcome = Omit<AdminResponse, 'status'>;

const pollList = () => TIME_SLOT_POLL_IDS.join(' and ');
const timeSlotPolls = () => specPolls().filter((poll) => isTimeSlotPoll(poll.id));

/** Adds the content config's schedule items that the store lacks. */
export async function createScheduleItems(admin: Admin): Promise<ConsoleOutcome> {
  const items = configuredItems();
  const created = await catalogue.addToCatalogue(
    admin,
    'items',
    items.map((item) => [item._id, item.name]),
  );
  return { created, message: `${items.length} time slots are configured.` };
}

/** Stores the time-slot polls as the config makes them, and offers each the existing items of its dates. */
export async function createSchedulePolls(admin: Admin): Promise<ConsoleOutcome> {
  const created = await catalogue.offerExisting(admin, 'items', timeSlotPolls());
  if (created === 'no-catalogue') {
    return { error: 'There are no schedule items yet.', message: 'Create the schedule items first.' };
  }
  return { created, message: `Polls ${pollList()} offer their time slots.` };
}

/** Deletes every schedule item and the votes for them. */
export async function dropScheduleItems(admin: Admin): Promise<ConsoleOutcome> {
  const deleted = await catalogue.dropCatalogue(admin, 'items', TIME_SLOT_POLL_IDS);
  return { deleted, message: 'Their votes were deleted with them.' };
}

/** Takes every time slot out of the time-slot polls, with their votes; the items stay. */
export async function dropSchedulePolls(admin: Admin): Promise<ConsoleOutcome> {
  const deleted = await catalogue.dropOffered(admin, TIME_SLOT_POLL_IDS);
  return { deleted, message: `Polls ${pollList()} offer nothing now; their votes were deleted.` };
}

/** Adds the content config's reunion dates that the store lacks, and stores the date poll offering them. */
export async function createScheduleDateItems(admin: Admin): Promise<ConsoleOutcome> {
  const options = configuredDateOptions();
  const created = await catalogue.addToCatalogue(
    admin,
    'dates',
    options.map((option) => [option.name, option.description ?? '']),
    specPoll(DATE_POLL.id),
  );
  return { created, message: `${options.length} dates are configured.` };
}

/** Deletes every reunion date and the votes for them. */
export async function dropScheduleDateItems(admin: Admin): Promise<ConsoleOutcome> {
  const deleted = await catalogue.dropCatalogue(admin, 'dates', [DATE_POLL.id]);
  return { deleted, message: 'Their votes were deleted with them.' };
}

/** Stores the configured polls a store lacks, places its unplaced made polls and moves the polls' voting to this layout; idempotent. */
export async function migratePolls(admin: Admin): Promise<{ stored: number; placed: number; moved: number }> {
  const stored = await storeDefinitions(admin, specPolls(), false);
  return { stored, placed: await indexPolls(admin), moved: await migrateVoting(admin) };
}
