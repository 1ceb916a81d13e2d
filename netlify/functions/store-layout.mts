import type { DeploySucceededEvent } from '@netlify/functions';
import { OPERATOR } from '../../src/server/caller.ts';
import { migrateVotes as migratePollVotes } from '../../src/features/poll/service.server.ts';
import { migratePolls } from '../../src/features/scheduling/configured/service.server.ts';
import { ensureGuestLinks } from '../../src/features/wedding/service.server.ts';

/**
 * Brings the store to this version's layout, what each feature's part did as lines: a fresh
 * store's configured polls, data moved from an earlier layout, the households' RSVP links.
 * Idempotent; `npm run admin -- migrate` runs it by hand.
 */
export async function migrateStore(): Promise<string[]> {
  const { stored, configured, placed, moved } = await migratePolls(OPERATOR);
  return [
    `Scheduling: ${stored} configured poll(s) stored as polls of the model${configured ? ", offering the config's dates and time slots (the store's first migrate)" : ''}; ${placed} made poll(s) placed in the console's list; ${moved} poll(s) moved to this version's storage.`,
    `Poll: ${await migratePollVotes(OPERATOR)} member vote(s) moved under their account keys.`,
    `Wedding: ${await migrateGuestLinks()}`,
  ];
}

/** The wedding's part: the households' links, made when TOKEN_SECRET is the site's. */
async function migrateGuestLinks(): Promise<string> {
  if (!process.env.TOKEN_SECRET?.trim()) {
    return "RSVP links not made here (TOKEN_SECRET is not set): run npm run admin -- guest-links with the site's TOKEN_SECRET.";
  }
  const made = await ensureGuestLinks();
  return made === null
    ? 'RSVP links left as they are: they were made with another TOKEN_SECRET than this one.'
    : `${made} household RSVP link(s) made (npm run admin -- guest-links lists them).`;
}

/**
 * Migrates the store after each production deploy: Netlify calls it, signed, when the deploy is
 * live; it has no route.
 */
export default {
  async deploySucceeded({ deploy }: DeploySucceededEvent): Promise<void> {
    // A deploy preview or a branch deploy may run newer code on the same store: only the published
    // production deploy changes its layout.
    if (deploy.context !== 'production') return;
    console.log((await migrateStore()).join('\n'));
  },
};
