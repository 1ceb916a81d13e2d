// The spec's compatibility endpoints (SPEC section 7) that no page calls, thin over the one poll
// model: the configured polls' options and choices, their votes, and the console's six actions.
// A kind names the configured polls an endpoint serves: the time-slot polls or the date poll.
import * as catalogue from './repo.server.ts';
import { DATE_POLL } from '../../../content/polls.ts';
import type { Admin } from '../../../server/admin-limit.ts';
import { AppError } from '../../../server/app-error.ts';
import type { Guest, SignedIn } from '../../../server/caller.ts';
import { indexPolls } from '../organising/repo.server.ts';
import { NO_SUCH_OPTION } from '../poll/logic.ts';
import { readPoll, storeDefinitions } from '../poll/repo.server.ts';
import type { SchedulingReason } from '../poll/schema.ts';
import { migrateVoting, pollVotes } from '../voting/repo.server.ts';
import type { ChoiceRequest } from '../voting/schema.ts';
import { choicesOf, vote } from '../voting/service.server.ts';
import type { AdminResponse } from './schema.ts';
import {
  TIME_SLOT_POLL_IDS,
  configuredDateOptions,
  configuredItems,
  dateOptionOf,
  isTimeSlotPoll,
  scheduleItemOf,
  specPoll,
  specPolls,
} from './logic.ts';

type Kind = 'time-slot' | 'date';

/** The poll id, when it names a configured poll of the kind; else a 404. */
function requireKind(kind: Kind, pollId: string): string {
  if (kind === 'date' ? pollId !== DATE_POLL.id : !isTimeSlotPoll(pollId)) {
    throw new AppError('not_found', 'There is no such poll.');
  }
  return pollId;
}

/** The options a configured poll offers: a time-slot poll's schedule items, or the date poll's dates. */
export async function offeredOptions(kind: Kind, pollId: string) {
  const options = (await readPoll(requireKind(kind, pollId)))?.poll.options ?? [];
  return options.map((option) => (kind === 'date' ? dateOptionOf(option) : scheduleItemOf(option)));
}

/** The option ids a voter chose in a configured poll of the kind. */
export const userChoices = (kind: Kind, pollId: string, username: string) =>
  choicesOf(requireKind(kind, pollId), username);

/** Who chose which option, in one round trip (a time-slot poll's item names are the config's). */
export async function choicesWithUsers(kind: Kind, pollId: string) {
  const votes = await pollVotes(requireKind(kind, pollId));
  if (kind === 'date') return votes.map(({ option, user }) => ({ date: option, user }));
  const items = new Map(specPoll(pollId)!.options.map((option) => [option.id, scheduleItemOf(option)]));
  return votes.map(({ option, user }) => ({ scheduleItem: items.get(option) ?? { _id: option, name: option }, user }));
}

/**
 * Adds or removes a choice through the model: a time slot (in a made poll, any option), or a date
 * of the date poll; an unknown option is refused in the spec's words.
 */
export async function changeChoice(
  kind: Kind,
  change: 'add' | 'remove',
  { answer, ...choice }: ChoiceRequest,
  caller: SignedIn | Guest,
  address: string,
  botPass?: string | null,
) {
  if (kind === 'date' ? choice.pollId !== DATE_POLL.id : choice.pollId === DATE_POLL.id) {
    throw new AppError('not_found', 'There is no such poll.');
  }
  try {
    return await vote({ ...choice, answer: change === 'add' ? answer : 'none' }, caller, address, botPass);
  } catch (error) {
    if (!(error instanceof AppError && error.reason === 'unknown-option')) throw error;
    const unknown =
      kind === 'date'
        ? 'There is no such date.'
        : isTimeSlotPoll(choice.pollId)
          ? 'There is no such time slot.'
          : NO_SUCH_OPTION;
    throw new AppError<SchedulingReason>('bad_request', unknown, {}, 'unknown-option');
  }
}

// ----- The console's actions: the catalogues the configured polls may offer -----

type ConsoleOutcome = Omit<AdminResponse, 'status'>;
type Catalogue = 'items' | 'dates';

const pollList = TIME_SLOT_POLL_IDS.join(' and ');

/**
 * Adds the content config's schedule items or reunion dates that the store lacks (the date poll stored with its dates).
 */
export async function createCatalogue(admin: Admin, kind: Catalogue): Promise<ConsoleOutcome> {
  const entries =
    kind === 'items'
      ? configuredItems().map((item): [string, string] => [item._id, item.name])
      : configuredDateOptions().map((option): [string, string] => [option.name, option.description ?? '']);
  const poll = kind === 'dates' ? specPoll(DATE_POLL.id) : undefined;
  const created = await catalogue.addToCatalogue(admin, kind, entries, poll);
  return { created, message: `${entries.length} ${kind === 'items' ? 'time slots' : 'dates'} are configured.` };
}

/** Deletes every schedule item or reunion date, and the votes for them. */
export const dropCatalogue = async (admin: Admin, kind: Catalogue): Promise<ConsoleOutcome> => ({
  deleted: await catalogue.dropCatalogue(admin, kind, kind === 'items' ? TIME_SLOT_POLL_IDS : [DATE_POLL.id]),
  message: 'Their votes were deleted with them.',
});

/** Stores the time-slot polls as the config makes them, and offers each the existing items of its dates. */
export async function createSchedulePolls(admin: Admin): Promise<ConsoleOutcome> {
  const polls = specPolls().filter((poll) => isTimeSlotPoll(poll.id));
  const created = await catalogue.offerExisting(admin, 'items', polls);
  if (created === 'no-catalogue') {
    return { error: 'There are no schedule items yet.', message: 'Create the schedule items first.' };
  }
  return { created, message: `Polls ${pollList} offer their time slots.` };
}

/** Takes every time slot out of the time-slot polls, with their votes; the items stay. */
export const dropSchedulePolls = async (admin: Admin): Promise<ConsoleOutcome> => ({
  deleted: await catalogue.dropOffered(admin, TIME_SLOT_POLL_IDS),
  message: `Polls ${pollList} offer nothing now; their votes were deleted.`,
});

/**
 * A store's first configuration: the config's schedule items, the time-slot polls offering them and
 * the reunion's dates, as the console's create buttons make them; once per store, so a catalogue
 * the owner dropped stays dropped. Answers whether this was the first time.
 */
export async function configureOnce(admin: Admin): Promise<boolean> {
  if (!(await catalogue.claimFirstConfiguration(admin))) return false;
  await createCatalogue(admin, 'items');
  await createSchedulePolls(admin);
  await createCatalogue(admin, 'dates');
  return true;
}

/**
 * Stores the configured polls a store lacks (with their dates and time slots in a store that never
 * had them), places its unplaced made polls and moves the polls' voting to this layout; idempotent.
 */
export async function migratePolls(
  admin: Admin,
): Promise<{ stored: number; configured: boolean; placed: number; moved: number }> {
  const stored = await storeDefinitions(admin, specPolls(), false);
  const configured = await configureOnce(admin);
  return { stored, configured, placed: await indexPolls(admin), moved: await migrateVoting(admin) };
}
