// The scheduling console's six spec actions (SPEC sections 2, 7, 8) over the one poll model: the
// schedule items and reunion dates are catalogues of what the configured polls may offer; creating
// them stores the polls as the content config makes them (spec-polls.ts) and offers what exists,
// dropping them takes the options out with every vote for them. Also the migration that brings a
// store from before to this version's layout.
import { DATE_POLL } from '../../content/polls.ts';
import type { Admin } from '../../server/admin-limit.ts';
import { keys } from '../../server/keys.ts';
import * as catalogue from './catalogue.repo.server.ts';
import { indexPolls, storeDefinitions } from './polls.repo.server.ts';
import type { AdminResponse } from './schema.ts';
import {
  TIME_SLOT_POLL_IDS,
  configuredDateOptions,
  configuredItems,
  isTimeSlotPoll,
  specPoll,
  specPolls,
} from './spec-polls.ts';

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
