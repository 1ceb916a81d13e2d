// The demo data a fresh local store gets (npm start, npm run dev, the browser tests): one account
// per clearance level, the scheduling polls' items and dates, and the owner's guest list. Only
// local runs and tests import this; production code never does (lint keeps src/ out of tools/),
// so a deployed site can never create an account with a published password.
import { createAccount, listUsers } from '../../src/features/auth/service.server.ts';
import {
  createScheduleDateItems,
  createScheduleItems,
  createSchedulePolls,
} from '../../src/features/scheduling/service.server.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';

/** Demo accounts for local runs, one per clearance level. */
export const DEMO_ACCOUNTS = [
  { username: 'demo_visitor', password: 'demo-visitor-pass', clearance: 1, firstName: 'Vera' },
  { username: 'demo_member', password: 'demo-member-pass', clearance: 2, firstName: 'Milo' },
  { username: 'demo_admin', password: 'demo-admin-pass', clearance: 3, firstName: 'Ada' },
] as const;

/** Creates the demo accounts when the store has no accounts at all; answers whether it did. */
export async function seedDemoAccounts(): Promise<boolean> {
  if ((await listUsers()).length > 0) return false;
  for (const { username, password, clearance, firstName } of DEMO_ACCOUNTS) {
    await createAccount(
      { username, password, firstName, lastName: 'Demo', email: `${username}@example.com` },
      clearance,
    );
  }
  return true;
}

/** Fills the scheduling polls: the items, the polls' offers and the reunion dates, as the console's create buttons do. */
export async function seedSchedulingPolls(): Promise<void> {
  await createScheduleItems(undefined);
  await createSchedulePolls(undefined);
  await createScheduleDateItems(undefined);
}

/** Fills a fresh store with all the demo data; a store that has accounts is left as it is. Answers whether it seeded. */
export async function seedDemoData(): Promise<boolean> {
  if (!(await seedDemoAccounts())) return false;
  await seedSchedulingPolls();
  await createGuests(undefined);
  return true;
}
