// The demo data a fresh local store gets (npm start, npm run dev, the browser tests): one account
// per clearance level, the scheduling polls' items and dates, a poll made as the console makes
// them (with two answers, as guests), the owner's guest list, and a first conversation in the
// forum (a message with a reply and reactions, so a first visit shows what the forum does). Only
// local runs and tests import this; production code never does (lint keeps src/ out of tools/),
// so a deployed site can never create an account with a published password.
import { features } from '../../src/content/site.config.ts';
import { createAccount, listUsers } from '../../src/features/auth/service.server.ts';
import * as forumRepo from '../../src/features/forum/repo.server.ts';
import { LIMITS as FORUM_LIMITS, POSTS_PER_DAY } from '../../src/features/forum/service.server.ts';
import { accountKeyOf, keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { pollOptions } from '../../src/features/scheduling/poll/logic.ts';
import type { NewPoll } from '../../src/features/scheduling/poll/schema.ts';
import * as schedulingRepo from '../../src/features/scheduling/organising/repo.server.ts';
import { readPoll } from '../../src/features/scheduling/poll/repo.server.ts';
import { configureOnce } from '../../src/features/scheduling/configured/service.server.ts';
import { vote } from '../../src/features/scheduling/voting/service.server.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { migrateStore } from '../../netlify/functions/store-layout.mts';
import { GUEST, OPERATOR } from '../../src/server/caller.ts';

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

/**
 * Fills a fresh store's scheduling polls: the items, the polls' offers and the reunion
 * dates, as the console's create buttons do.
 */
export async function seedSchedulingPolls(): Promise<void> {
  await configureOnce(OPERATOR);
}

/** The demo poll made as in the console: its page is /scheduling_polls/p/<this id>. */
export const DEMO_POLL_ID = 'boardgames26';

/** Makes the demo poll a week ahead (evening slots in Berlin, then a whole Saturday), with two answers. */
export async function seedDemoPoll(now = Date.now()): Promise<void> {
  const day = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);
  const poll: NewPoll = {
    title: 'Board game night',
    description: 'A long evening of board games. Bring a game you love; snacks are on us.',
    location: 'The back room of the Drecoll Hills farm shop',
    zone: 'Europe/Berlin',
    days: [
      { date: day(7), slots: ['18:30', '19:30', '20:30'] },
      { date: day(8), slots: ['18:30', '19:30', '20:30'] },
      { date: day(12), slots: [] },
    ],
    slotMinutes: 120,
  };
  const { days: _days, ...fields } = poll;
  const options = pollOptions(poll);
  await schedulingRepo.createPoll(OPERATOR, { id: DEMO_POLL_ID, ...fields, options, createdAt: now });
  const answers = [
    ['anon_Zoë', options[1]!.id, 'yes'],
    ['anon_Zoë', options[4]!.id, 'ifNeedBe'],
    ['anon_Róisín', options[1]!.id, 'yes'],
    ['anon_Róisín', options[6]!.id, 'yes'],
  ] as const;
  // Names no account could have, from an address of their own: the seed looks at no account and
  // counts nothing against the address the browser tests share (register's limit, account-probe.ts).
  const secrets = new Map<string, string>();
  for (const [username, optionId, answer] of answers) {
    const input = { pollId: DEMO_POLL_ID, optionId, username, answer, claimSecret: secrets.get(username) };
    const { claimSecret } = await vote(input, GUEST, 'demo-seed');
    if (claimSecret) secrets.set(username, claimSecret);
  }
}

/** The account key of a demo account (what its forum posts and reactions are kept under). */
async function accountKeyOfDemo(username: string): Promise<string> {
  return accountKeyOf(username, await redis().hget<string>(keys.user(usernameKey(username)), 'account'));
}

/** A first conversation in the forum: the member's message mentioning the admin, the admin's reply, a reaction each. */
export async function seedDemoForum(now = Date.now()): Promise<void> {
  const [member, admin] = await Promise.all([accountKeyOfDemo('demo_member'), accountKeyOfDemo('demo_admin')]);
  const top: forumRepo.StoredMessage = {
    id: crypto.randomUUID(),
    text: 'Welcome to the members’ forum! Board game night is on: who is in, @demo_admin?',
    author: 'demo_member',
    createdAt: new Date(now - 3_600_000).toISOString(),
  };
  const reply: forumRepo.StoredMessage = {
    id: crypto.randomUUID(),
    text: 'Count me in. I will bring Carcassonne.',
    author: 'demo_admin',
    createdAt: new Date(now - 1_800_000).toISOString(),
    replyTo: top.id,
  };
  await forumRepo.appendMessage(top, member, POSTS_PER_DAY, []);
  await forumRepo.appendMessage(reply, admin, POSTS_PER_DAY, []);
  await forumRepo.react(undefined, FORUM_LIMITS.reactionsPerUser, admin, top.id, 'hooray', true);
  await forumRepo.react(undefined, FORUM_LIMITS.reactionsPerUser, member, reply.id, 'thumbs-up', true);
}

/**
 * Fills a fresh store with all the demo data; a store that has accounts only gets the demo poll if it
 * lacks it. Answers whether the store was fresh.
 */
export async function seedDemoData(): Promise<boolean> {
  const fresh = await seedDemoAccounts();
  if (fresh) {
    await createGuests(OPERATOR);
    if (features.forum) await seedDemoForum();
  }
  // The migration a deploy runs: a fresh store gets the configured polls' dates and time slots, one
  // from an earlier version this one's layout, a guest list from before the RSVP links its links.
  await migrateStore();
  // The demo poll also joins a used store that lacks it (one made before it existed, or a shared
  // one whose tests deleted it): the audit and the browser tests open its page.
  if (!(await readPoll(DEMO_POLL_ID))) await seedDemoPoll();
  return fresh;
}
