// The spec's catalogues in Redis (key layout in src/server/keys.ts): the schedule items and the
// reunion dates, which the configured polls may offer. The console's spec actions fill and drop
// them (spec-console.server.ts), each in one script within the admin's limit.
import { type Admin, commandsAsAdmin, runAsAdmin } from '../../../server/admin-limit.ts';
import { keys } from '../../../server/keys.ts';
import type { Write } from '../../../server/rate-limit.ts';
import * as scripts from '../../../server/scripts/scheduling.ts';
import type { CreatedPoll } from '../poll/logic.ts';

/**
 * Adds catalogue entries that are missing, and (with `poll`) stores the poll's definition and
 * offers the entries in it; answers how many entries were new. `admin` is who acts, for the
 * console's limit (src/server/admin-limit.ts), as below.
 */
export async function addToCatalogue(
  admin: Admin,
  catalogue: string,
  entries: [id: string, value: string][],
  poll?: CreatedPoll,
): Promise<number> {
  if (entries.length === 0) return 0;
  const commands: Write[] = entries.map(([id, value]) => ['HSETNX', catalogue, id, value]);
  if (poll) {
    const { id, ...definition } = poll;
    commands.push(['SADD', keys.scheduleOffered(id), ...entries.map(([entry]) => entry)]);
    commands.push(['HSET', keys.schedulePolls(), id, JSON.stringify(definition)]);
  }
  const replies = await commandsAsAdmin(admin, commands);
  return replies.slice(0, entries.length).reduce((sum, added) => sum + Number(added), 0);
}

/**
 * Stores each poll's definition and offers it those of its options that exist in the catalogue;
 * answers how many were new, or -1 when the catalogue is empty.
 */
export async function offerExisting(admin: Admin, catalogue: string, polls: readonly CreatedPoll[]): Promise<number> {
  return runAsAdmin(
    admin,
    scripts.offerExisting,
    [
      catalogue,
      keys.schedulePolls(),
      ...polls.flatMap(({ id }) => [keys.scheduleOffered(id), keys.scheduleVersion(id)]),
    ],
    polls.flatMap(({ id, ...definition }) => [
      id,
      JSON.stringify(definition),
      definition.options.length,
      ...definition.options.map((option) => option.id),
    ]),
  );
}

/** Deletes the catalogue hash, taking its ids and their votes out of the polls; answers its size. */
export async function dropCatalogue(admin: Admin, catalogue: string, pollIds: string[]): Promise<number> {
  const pollKeys = pollIds.flatMap((pollId) => [
    keys.scheduleOffered(pollId),
    keys.scheduleVotes(pollId),
    keys.scheduleVersion(pollId),
  ]);
  return runAsAdmin(admin, scripts.dropCatalogue, [catalogue, ...pollKeys], []);
}

/** Takes everything the polls offer out of them, with the votes; answers how many options that was. */
export async function dropOffered(admin: Admin, pollIds: string[]): Promise<number> {
  // Every vote is for an offered option (changeVote refuses others, and options leave with their
  // votes), so the votes go whole. One script: counted and deleted with nothing in between.
  const replies = await commandsAsAdmin(
    admin,
    pollIds.flatMap((pollId): Write[] => [
      ['SCARD', keys.scheduleOffered(pollId)],
      ['DEL', keys.scheduleOffered(pollId)],
      ['DEL', keys.scheduleVotes(pollId)],
      ['INCR', keys.scheduleVersion(pollId)],
    ]),
  );
  return replies.filter((_, index) => index % 4 === 0).reduce((sum, count) => sum + count, 0);
}
