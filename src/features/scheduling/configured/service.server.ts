// The spec's compatibility endpoints (SPEC section 7) that no page calls, thin over the one poll
// model: the configured polls' options and choices, their votes, and the console's six actions.
import * as catalogue from './repo.server.ts';
import { DATE_POLL } from '../../../content/polls.ts';
import { AppError } from '../../../server/app-error.ts';
import { clientAddress } from '../../../server/client.ts';
import type { Guest, SignedIn } from '../../../server/caller.ts';
import { endpoint, json, lastPathSegment } from '../../../server/http.ts';
import { CLEARANCE } from '../../../lib/user-details.ts';
import { readPoll, indexPolls, storeDefinitions } from '../organising/repo.server.ts';
import { pollVotes } from '../voting/repo.server.ts';
import { type SchedulingReason, choiceRequest, dateChoiceRequest, type AdminResponse } from '../poll/schema.ts';
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
import { NO_SUCH_OPTION, type VoteInput, choicesOf, vote } from '../voting/service.server.ts';
import type { Admin } from '../../../server/admin-limit.ts';
import { keys } from '../../../server/keys.ts';

type Kind = 'time-slot' | 'date';

/** The poll id, when it names a configured poll of the kind; else a 400. */
function requireKind(kind: Kind, pollId: string): string {
  if (kind === 'date' ? pollId !== DATE_POLL.id : !isTimeSlotPoll(pollId)) {
    throw new AppError('bad_request', 'There is no such poll.');
  }
  return pollId;
}

/** The options a configured poll offers now. */
async function offeredOptions(pollId: string) {
  return (await readPoll(pollId))?.poll.options ?? [];
}

/** GET …/:pollId answering what `read` finds for a configured poll of the kind. */
const read = (kind: Kind, answer: (pollId: string) => Promise<unknown>) =>
  endpoint({ method: 'GET', access: 'public', handle: ({ req }) => answer(requireKind(kind, lastPathSegment(req))) });

/** GET …/:pollId?username= answering the voter's chosen option ids. */
const choicesRead = (kind: Kind) =>
  endpoint({
    method: 'GET',
    access: 'public',
    handle: ({ req }) =>
      choicesOf(requireKind(kind, lastPathSegment(req)), new URL(req.url).searchParams.get('username') ?? ''),
  });

export const scheduleItemsEndpoint = read('time-slot', async (pollId) =>
  (await offeredOptions(pollId)).map(scheduleItemOf),
);
export const userChoicesEndpoint = choicesRead('time-slot');
/** Who chose which item: one round trip (the items' names are the config's). */
export const choicesWithUsersEndpoint = read('time-slot', async (pollId): Promise<ChoiceWithUser[]> => {
  const names = new Map(specPoll(pollId)!.options.map((option) => [option.id, scheduleItemOf(option)]));
  return (await pollVotes(pollId)).map(({ option, user }) => ({
    scheduleItem: names.get(option) ?? { _id: option, name: option },
    user,
  }));
});

export const availableDatesEndpoint = read('date', async (pollId) => (await offeredOptions(pollId)).map(dateOptionOf));
export const userDateChoicesEndpoint = choicesRead('date');
export const dateChoicesWithUsersEndpoint = read('date', async (pollId): Promise<DateChoiceWithUser[]> =>
  (await pollVotes(pollId)).map(({ option, user }) => ({ date: option, user })),
);

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

/** POST add or remove a time slot (or, in a made poll, any option with its answer). */
export const choiceEndpoint = (change: 'add' | 'remove') =>
  endpoint({
    method: 'POST',
    access: 'optional-session',
    body: choiceRequest,
    handle: ({ req, context, body, caller }) => {
      if (body.pollId === DATE_POLL.id) throw new AppError('bad_request', 'There is no such poll.');
      const { scheduleItemId, answer, ...rest } = body;
      return voteAs(
        { ...rest, optionId: scheduleItemId, answer: change === 'add' ? answer : 'none' },
        isTimeSlotPoll(body.pollId) ? 'There is no such time slot.' : NO_SUCH_OPTION,
        caller,
        clientAddress(req, context),
      );
    },
  });

/** POST add or remove a date in the date poll. */
export const dateChoiceEndpoint = (change: 'add' | 'remove') =>
  endpoint({
    method: 'POST',
    access: 'optional-session',
    body: dateChoiceRequest,
    handle: ({ req, context, body, caller }) => {
      const { date, ...rest } = body;
      requireKind('date', body.pollId);
      const input: VoteInput = { ...rest, optionId: date, answer: change === 'add' ? 'yes' : 'none' };
      return voteAs(input, 'There is no such date.', caller, clientAddress(req, context));
    },
  });

/** POST one console action (clearance 3); a refused action answers 409 with its reason. */
export const adminEndpoint = (action: AdminAction) =>
  endpoint({
    method: 'POST',
    access: { clearance: CLEARANCE.console },
    handle: async ({ caller }) => {
      const result = await ADMIN_ACTIONS[action](caller);
      return json(result, result.status === 'Success' ? 200 : 409);
    },
  });

// ----- The console's actions: the catalogues the configured polls may offer -----

const success = (fields: Omit<AdminResponse, 'status'>): AdminResponse => ({ status: 'Success', ...fields });
const pollList = () => TIME_SLOT_POLL_IDS.join(' and ');
const timeSlotPolls = () => specPolls().filter((poll) => isTimeSlotPoll(poll.id));

/** Adds the content config's schedule items that the store lacks. */
export async function createScheduleItems(admin: Admin): Promise<AdminResponse> {
  const items = configuredItems();
  const created = await catalogue.addToCatalogue(
    admin,
    keys.scheduleItems(),
    items.map((item) => [item._id, item.name]),
  );
  return success({ created, message: `${items.length} time slots are configured.` });
}

/** Stores the time-slot polls as the config makes them, and offers each the existing items of its dates. */
export async function createSchedulePolls(admin: Admin): Promise<AdminResponse> {
  const created = await catalogue.offerExisting(admin, keys.scheduleItems(), timeSlotPolls());
  if (created < 0) {
    return { status: 'Failed', error: 'There are no schedule items yet.', message: 'Create the schedule items first.' };
  }
  return success({ created, message: `Polls ${pollList()} offer their time slots.` });
}

/** Deletes every schedule item and the votes for them. */
export async function dropScheduleItems(admin: Admin): Promise<AdminResponse> {
  const deleted = await catalogue.dropCatalogue(admin, keys.scheduleItems(), TIME_SLOT_POLL_IDS);
  return success({ deleted, message: 'Their votes were deleted with them.' });
}

/** Takes every time slot out of the time-slot polls, with their votes; the items stay. */
export async function dropSchedulePolls(admin: Admin): Promise<AdminResponse> {
  const deleted = await catalogue.dropOffered(admin, TIME_SLOT_POLL_IDS);
  return success({ deleted, message: `Polls ${pollList()} offer nothing now; their votes were deleted.` });
}

/** Adds the content config's reunion dates that the store lacks, and stores the date poll offering them. */
export async function createScheduleDateItems(admin: Admin): Promise<AdminResponse> {
  const options = configuredDateOptions();
  const created = await catalogue.addToCatalogue(
    admin,
    keys.scheduleDates(),
    options.map((option) => [option.name, option.description ?? '']),
    specPoll(DATE_POLL.id),
  );
  return success({ created, message: `${options.length} dates are configured.` });
}

/** Deletes every reunion date and the votes for them. */
export async function dropScheduleDateItems(admin: Admin): Promise<AdminResponse> {
  const deleted = await catalogue.dropCatalogue(admin, keys.scheduleDates(), [DATE_POLL.id]);
  return success({ deleted, message: 'Their votes were deleted with them.' });
}

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

/**
 * Brings a store to this version's layout: stores the configured polls that it lacks (a store from
 * before they were polls of the model keeps their options offered and their votes as they are,
 * under the same ids), and gives the made polls of a store from before polls had places theirs in
 * the console's list. Running it again changes nothing; answers how many polls it stored and placed.
 */
export async function migratePolls(admin: Admin): Promise<{ stored: number; placed: number }> {
  const stored = await storeDefinitions(admin, specPolls(), false);
  return { stored, placed: await indexPolls(admin) };
}
