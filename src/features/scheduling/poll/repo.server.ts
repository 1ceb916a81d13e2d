// A poll's definition in Redis: every poll's definition as JSON in one hash, its decision in
// another, its offered options, version and votes under its id.
import { type Admin, commandsAsAdmin } from '../../../server/admin-limit.ts';
import type { Write } from '../../../server/rate-limit.ts';
import { redis } from '../../../server/redis.ts';
import { specPoll } from '../configured/logic.ts';
import type { CreatedPoll } from './schema.ts';
import { schedulingKeys } from './keys.server.ts';

/**
 * A poll with its decision and version, in one round trip; undefined when there is none. Its options
 * are those it offers now (a made poll offers all of its own; the console takes a configured poll's
 * time slots out and puts them back). A configured poll not stored yet reads as its config makes it.
 */
export async function readPoll(pollId: string): Promise<{ poll: CreatedPoll; version: number } | undefined> {
  const [definition, final, [version, deadline], offered, commentsOff, votersHidden] = (await redis()
    .pipeline()
    .hget(schedulingKeys.polls(), pollId)
    .hget(schedulingKeys.finals(), pollId)
    .hmget(schedulingKeys.state(pollId), 'version', 'deadline')
    .smembers(schedulingKeys.offered(pollId))
    .sismember(schedulingKeys.commentsOff(), pollId)
    .sismember(schedulingKeys.votersHidden(), pollId)
    .exec()) as [string | null, string | null, [string | null, string | null], string[], number, number];
  const configured = specPoll(pollId);
  if (definition === null && !configured) return undefined;
  const poll =
    definition === null ? { ...configured!, ...(final ? { final } : {}) } : parsedPoll(pollId, definition, final);
  const open = new Set(offered);
  return {
    poll: {
      ...poll,
      options: poll.options.filter((option) => open.has(option.id)),
      ...(commentsOff ? { commentsOff: true as const } : {}),
      ...(deadline ? { deadline: Number(deadline) } : {}),
      ...(votersHidden ? { votersHidden: true as const } : {}),
    },
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
      schedulingKeys.polls(),
      id,
      JSON.stringify(definition),
    ]),
  );
  return replies.reduce((sum, added) => sum + added, 0);
}

/** A stored definition (JSON text) as the poll it describes. */
export function parsedPoll(pollId: string, definition: string, final: string | null | undefined): CreatedPoll {
  return { id: pollId, ...(JSON.parse(definition) as Omit<CreatedPoll, 'id'>), ...(final ? { final } : {}) };
}
