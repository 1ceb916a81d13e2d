// Scheduling polls in Redis (key layout in src/server/keys.ts). A poll keeps its votes in one sorted
// set, each vote the member '<voter key>\n<option id>', so adding twice or removing what is not
// there changes nothing, and a voter's choices are one range. Each vote and each read is one round
// trip; the rules that need atomicity live in src/server/scripts/scheduling.ts.
import { accountProbe, couldBeAccountName } from '../../server/account-probe.ts';
import { type Admin, commandsAsAdmin, readAsAdmin, runAsAdmin } from '../../server/admin-limit.ts';
import { keys } from '../../server/keys.ts';
import type { Write } from '../../server/rate-limit.ts';
import { hashReply, redis } from '../../server/redis.ts';
import * as scripts from '../../server/scripts/scheduling.ts';
import type { CreatedPoll } from './new-poll.ts';
import { ANON_PREFIX, type Voter } from './polls.ts';
import type { Answer } from './ranking.ts';

// Voter keys cannot hold a newline (usernames are letters, digits and _.-; anonymous names refuse
// control characters), so the first newline of a vote ends its voter key.
const SEPARATOR = '\n';
const voteOf = (voter: string, optionId: string) => `${voter}${SEPARATOR}${optionId}`;

/** Splits a stored vote into its voter key and option id. */
function splitVote(vote: string): { voter: string; option: string } {
  const at = vote.indexOf(SEPARATOR);
  return { voter: vote.slice(0, at), option: vote.slice(at + 1) };
}

export interface Change {
  pollId: string;
  optionId: string;
  username: string;
  anonymous: boolean;
  change: 'add' | 'remove';
  secretHash: string;
  newSecretHash: string;
  /** The most voters the poll takes; a new voter beyond it is refused ('full'). */
  maxVoters: number;
  /** An add's answer; a remove ignores it. */
  answer: Answer;
}

/**
 * Adds or removes one vote atomically, claiming an anonymous name on its first vote; looking for
 * the name's account counts as a look from `address` (src/server/account-probe.ts).
 */
export async function changeVote(change: Change, address: string): Promise<scripts.ChangeOutcome> {
  const voter = change.username.toLowerCase();
  const plainName = change.anonymous ? voter.slice(ANON_PREFIX.length) : voter;
  const { pollId } = change;
  const probe = accountProbe(address, plainName);
  return scripts.changeVote.run(
    [
      keys.scheduleOffered(pollId),
      keys.schedulePeople(pollId),
      keys.scheduleClaims(pollId),
      keys.scheduleVotes(pollId),
      keys.scheduleFirstNames(pollId),
      keys.user(plainName),
      ...probe.keys,
      keys.scheduleMaybe(pollId),
      keys.scheduleVersion(pollId),
      keys.scheduleFinals(),
      keys.scheduleVoterCounts(),
    ],
    [
      change.optionId,
      voter,
      plainName,
      change.username,
      change.change,
      change.anonymous ? '1' : '0',
      change.secretHash,
      change.newSecretHash,
      voteOf(voter, change.optionId),
      ...probe.args,
      couldBeAccountName(plainName) ? '1' : '0',
      change.maxVoters,
      change.answer,
      pollId,
    ],
  );
}

/**
 * Every vote of a poll: the option, the answer and the voter, with a registered voter's first
 * name. One round trip; a vote, its voter's name and first name are written together, so the
 * later reads hold everyone the votes name.
 */
export async function pollVotes(pollId: string): Promise<{ option: string; answer: Answer; user: Voter }[]> {
  const [votes, maybe, people, firstNames] = (await redis()
    .pipeline()
    .zrange(keys.scheduleVotes(pollId), 0, -1)
    .smembers(keys.scheduleMaybe(pollId))
    .hgetall(keys.schedulePeople(pollId))
    .hgetall(keys.scheduleFirstNames(pollId))
    .exec()) as [string[], string[], unknown, unknown];
  const usernames = hashReply(people) ?? {};
  const firstNameOf = hashReply(firstNames) ?? {};
  const ifNeedBe = new Set(maybe);
  return votes.map((vote) => {
    const { voter, option } = splitVote(vote);
    const username = usernames[voter] ?? '';
    const firstName = firstNameOf[voter];
    return {
      option,
      answer: ifNeedBe.has(vote) ? 'ifNeedBe' : 'yes',
      user: firstName ? { username, firstName } : { username },
    };
  });
}

/** The option ids a voter chose in a poll. */
export async function voterChoices(pollId: string, username: string): Promise<string[]> {
  const voter = username.toLowerCase();
  // '\v' is the character after the separator '\n': the range holds exactly the votes of the voter's key.
  const votes = await redis().zrange(keys.scheduleVotes(pollId), `[${voteOf(voter, '')}`, `(${voter}\v`, {
    byLex: true,
  });
  return (votes as string[]).map((vote) => splitVote(vote).option);
}

/** The poll's option ids with the named hash (items or dates) read in the same round trip. */
export async function pollOptions(
  pollId: string,
  catalogue: string,
): Promise<{ offered: string[]; names: Record<string, string> }> {
  const [offered, names] = (await redis()
    .pipeline()
    .smembers(keys.scheduleOffered(pollId))
    .hgetall(catalogue)
    .exec()) as [string[], unknown];
  return { offered, names: hashReply(names) ?? {} };
}

/**
 * Adds catalogue entries that are missing, and offers them in `pollId`; answers how many entries
 * were new. `admin` is who acts, for the console's limit (src/server/admin-limit.ts), as below.
 */
export async function addToCatalogue(
  catalogue: string,
  entries: [id: string, value: string][],
  pollId: string | undefined,
  admin: Admin,
): Promise<number> {
  if (entries.length === 0) return 0;
  const commands: Write[] = entries.map(([id, value]) => ['HSETNX', catalogue, id, value]);
  if (pollId) commands.push(['SADD', keys.scheduleOffered(pollId), ...entries.map(([id]) => id)]);
  const replies = await commandsAsAdmin(admin, commands);
  return replies.slice(0, entries.length).reduce((sum, added) => sum + Number(added), 0);
}

/** Offers each poll those of its options that exist in the catalogue; answers how many were new, or -1 when it is empty. */
export async function offerExisting(
  catalogue: string,
  options: Record<string, string[]>,
  admin: Admin,
): Promise<number> {
  const polls = Object.entries(options);
  return runAsAdmin(
    admin,
    scripts.offerExisting,
    [catalogue, ...polls.flatMap(([pollId]) => [keys.scheduleOffered(pollId), keys.scheduleVersion(pollId)])],
    polls.flatMap(([, ids]) => [ids.length, ...ids]),
  );
}

/** Deletes the catalogue hash, taking its ids and their votes out of the polls; answers its size. */
export async function dropCatalogue(catalogue: string, pollIds: string[], admin: Admin): Promise<number> {
  const pollKeys = pollIds.flatMap((pollId) => [
    keys.scheduleOffered(pollId),
    keys.scheduleVotes(pollId),
    keys.scheduleVersion(pollId),
  ]);
  return runAsAdmin(admin, scripts.dropCatalogue, [catalogue, ...pollKeys], []);
}

/** Takes everything the polls offer out of them, with the votes; answers how many options that was. */
export async function dropOffered(pollIds: string[], admin: Admin): Promise<number> {
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

/** A poll's version: every change raises it, so an unchanged poll is one small read (0 before any change). */
export async function pollVersion(pollId: string): Promise<number> {
  return Number((await redis().get<number>(keys.scheduleVersion(pollId))) ?? 0);
}

// ----- Polls made in the console -----

/** The most polls the console keeps at once: its list stays one small read. */
export const MAX_CREATED_POLLS = 200;

/** Stores a made poll and offers its options (one round trip, within the admin's limit). */
export function createPoll(admin: Admin, poll: CreatedPoll): Promise<'ok' | 'taken' | 'full'> {
  const { id, ...definition } = poll;
  return runAsAdmin(
    admin,
    scripts.createPoll,
    [keys.schedulePolls(), keys.scheduleOffered(id)],
    [id, JSON.stringify(definition), MAX_CREATED_POLLS, ...poll.options.map((option) => option.id)],
  );
}

/** A made poll with its decision and version, in one round trip; undefined when there is none. */
export async function readPoll(pollId: string): Promise<{ poll: CreatedPoll; version: number } | undefined> {
  const [definition, final, version] = (await redis()
    .pipeline()
    .hget(keys.schedulePolls(), pollId)
    .hget(keys.scheduleFinals(), pollId)
    .get(keys.scheduleVersion(pollId))
    .exec()) as [string | null, string | null, string | null];
  if (definition === null) return undefined;
  return { poll: parsedPoll(pollId, definition, final), version: Number(version ?? 0) };
}

/** A stored definition (JSON text) as the poll it describes. */
function parsedPoll(pollId: string, definition: string, final: string | null | undefined): CreatedPoll {
  return { id: pollId, ...(JSON.parse(definition) as Omit<CreatedPoll, 'id'>), ...(final ? { final } : {}) };
}

/** Every made poll with its decision and its number of voters, newest first (one round trip). */
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

/** Deletes a made poll and everything voted in it; false when there was none. */
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

/** Finalises a made poll on an option, or reopens it (`optionId` ''). */
export function decidePoll(admin: Admin, pollId: string, optionId: string) {
  return runAsAdmin(
    admin,
    scripts.decidePoll,
    [keys.schedulePolls(), keys.scheduleOffered(pollId), keys.scheduleFinals(), keys.scheduleVersion(pollId)],
    [pollId, optionId],
  );
}
