// Scheduling polls in Redis (key layout in src/server/keys.ts): every poll's definition as JSON in
// one hash, its decision in another, and its offered options, version and votes under its id.
import { type Admin, commandsAsAdmin, readAsAdmin, runAsAdmin } from '../../server/admin-limit.ts';
import { keys } from '../../server/keys.ts';
import type { Write } from '../../server/rate-limit.ts';
import { hashReply, redis } from '../../server/redis.ts';
import * as scripts from '../../server/scripts/scheduling.ts';
import type { CreatedPoll } from './new-poll.ts';
import { specPoll } from './spec-polls.ts';

/** The most polls the console keeps at once: its list stays one small read. */
export const MAX_CREATED_POLLS = 200;

/** Stores a poll made in the console and offers its options (one round trip, within the admin's limit). */
export function createPoll(admin: Admin, poll: CreatedPoll): Promise<'ok' | 'taken' | 'full'> {
  const { id, ...definition } = poll;
  return runAsAdmin(
    admin,
    scripts.createPoll,
    [keys.schedulePolls(), keys.scheduleOffered(id)],
    [id, JSON.stringify(definition), MAX_CREATED_POLLS, ...poll.options.map((option) => option.id)],
  );
}

/**
 * A poll with its decision and version, in one round trip; undefined when there is none. Its options
 * are those it offers now (a made poll offers all of its own; the console takes a configured poll's
 * time slots out and puts them back). A configured poll not stored yet reads as its config makes it.
 */
export async function readPoll(pollId: string): Promise<{ poll: CreatedPoll; version: number } | undefined> {
  const [definition, final, version, offered] = (await redis()
    .pipeline()
    .hget(keys.schedulePolls(), pollId)
    .hget(keys.scheduleFinals(), pollId)
    .get(keys.scheduleVersion(pollId))
    .smembers(keys.scheduleOffered(pollId))
    .exec()) as [string | null, string | null, string | null, string[]];
  const configured = specPoll(pollId);
  if (definition === null && !configured) return undefined;
  const poll =
    definition === null ? { ...configured!, ...(final ? { final } : {}) } : parsedPoll(pollId, definition, final);
  const open = new Set(offered);
  return {
    poll: { ...poll, options: poll.options.filter((option) => open.has(option.id)) },
    version: Number(version ?? 0),
  };
}

/**
 * Stores polls' definitions (their options stay offered as they are): over what is stored, or
 * (`replace` false) only where nothing is, so running it again changes nothing.
 */
export async function storeDefinitions(
  caller: Admin,
  polls: readonly CreatedPoll[],
  replace: boolean,
): Promise<number> {
  const replies = await commandsAsAdmin(
    caller,
    polls.map(({ id, ...definition }): Write => [
      replace ? 'HSET' : 'HSETNX',
      keys.schedulePolls(),
      id,
      JSON.stringify(definition),
    ]),
  );
  return replies.reduce((sum, added) => sum + added, 0);
}

/** A stored definition (JSON text) as the poll it describes. */
function parsedPoll(pollId: string, definition: string, final: string | null | undefined): CreatedPoll {
  return { id: pollId, ...(JSON.parse(definition) as Omit<CreatedPoll, 'id'>), ...(final ? { final } : {}) };
}

/** Every stored poll with its decision and its number of voters, newest first (one round trip). */
export async function listPolls(admin: Admin): Promise<(CreatedPoll & { voters: number })[]> {
  const [polls, finals, counts] = await readAsAdmin(admin, (pipe) => {
    pipe.hgetall(keys.schedulePolls()).hgetall(keys.scheduleFinals()).hgetall(keys.scheduleVoterCounts());
  });
  const finalOf = hashReply(finals) ?? {};
  const countOf = hashReply(counts) ?? {};
  return Object.entries(hashReply(polls) ?? {})
    .map(([id, definition]) => ({ ...parsedPoll(id, definition, finalOf[id]), voters: Number(countOf[id] ?? 0) }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Deletes a poll and everything voted in it; false when there was none. */
export async function deletePoll(admin: Admin, pollId: string): Promise<boolean> {
  const deleted = await runAsAdmin(
    admin,
    scripts.deletePoll,
    [
      keys.schedulePolls(),
      keys.scheduleFinals(),
      keys.scheduleVoterCounts(),
      keys.scheduleVersion(pollId),
      keys.scheduleOffered(pollId),
      keys.scheduleVotes(pollId),
      keys.scheduleMaybe(pollId),
      keys.schedulePeople(pollId),
      keys.scheduleFirstNames(pollId),
      keys.scheduleClaims(pollId),
    ],
    [pollId],
  );
  return deleted === 1;
}

/**
 * Takes the voters under a name (as voted) out of a poll with all their answers, freeing the name;
 * -1 when the poll has no such voter, else how many answers went.
 */
export function removeVoter(admin: Admin, pollId: string, username: string): Promise<number> {
  return runAsAdmin(
    admin,
    scripts.removeVoter,
    [
      keys.scheduleVotes(pollId),
      keys.scheduleMaybe(pollId),
      keys.schedulePeople(pollId),
      keys.scheduleFirstNames(pollId),
      keys.scheduleClaims(pollId),
      keys.scheduleVoterCounts(),
      keys.scheduleVersion(pollId),
    ],
    [username, pollId],
  );
}

/** Finalises a poll on an option, or reopens it (`optionId` ''). */
export function decidePoll(admin: Admin, pollId: string, optionId: string) {
  return runAsAdmin(
    admin,
    scripts.decidePoll,
    [keys.schedulePolls(), keys.scheduleOffered(pollId), keys.scheduleFinals(), keys.scheduleVersion(pollId)],
    [pollId, optionId],
  );
}
