// Scheduling polls in Redis (key layout in src/server/keys.ts). A poll keeps its votes in one sorted
// set, each vote the member '<voter key>\n<option id>', so adding twice or removing what is not
// there changes nothing, and a voter's choices are one range. Each vote and each read is one round
// trip; the rules that need atomicity live in src/server/scripts/scheduling.ts.
import { keys } from '../../server/keys.ts';
import { hashReply, redis } from '../../server/redis.ts';
import * as scripts from '../../server/scripts/scheduling.ts';
import type { Write } from '../../server/rate-limit.ts';
import { type SessionCheck, writeChecked } from '../../server/session.ts';
import { ANON_PREFIX, type Voter } from './polls.ts';

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
}

/** Adds or removes one vote atomically, claiming an anonymous name on its first vote. */
export async function changeVote(change: Change): Promise<scripts.ChangeOutcome> {
  const voter = change.username.toLowerCase();
  const plainName = change.anonymous ? voter.slice(ANON_PREFIX.length) : voter;
  const { pollId } = change;
  return scripts.changeVote.run(
    [
      keys.scheduleOffered(pollId),
      keys.schedulePeople(pollId),
      keys.scheduleClaims(pollId),
      keys.scheduleVotes(pollId),
      keys.scheduleFirstNames(pollId),
      keys.user(plainName),
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
    ],
  );
}

/**
 * Every vote of a poll: the option and the voter, with a registered voter's first name. One round
 * trip; a vote, its voter's name and first name are written together, so the later reads hold
 * everyone the votes name.
 */
export async function pollVotes(pollId: string): Promise<{ option: string; user: Voter }[]> {
  const [votes, people, firstNames] = (await redis()
    .pipeline()
    .zrange(keys.scheduleVotes(pollId), 0, -1)
    .hgetall(keys.schedulePeople(pollId))
    .hgetall(keys.scheduleFirstNames(pollId))
    .exec()) as [string[], unknown, unknown];
  const usernames = hashReply(people) ?? {};
  const firstNameOf = hashReply(firstNames) ?? {};
  return votes.map(splitVote).map(({ voter, option }) => {
    const username = usernames[voter] ?? '';
    const firstName = firstNameOf[voter];
    return { option, user: firstName ? { username, firstName } : { username } };
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
 * were new. With a session, only while it is current.
 */
export async function addToCatalogue(
  session: SessionCheck | undefined,
  catalogue: string,
  entries: [id: string, value: string][],
  pollId?: string,
): Promise<number> {
  if (entries.length === 0) return 0;
  const replies = await writeChecked(session, [
    ...entries.map(([id, value]): Write => ['HSETNX', catalogue, id, value]),
    ...(pollId ? [['SADD', keys.scheduleOffered(pollId), ...entries.map(([id]) => id)] satisfies Write] : []),
  ]);
  return replies.slice(0, entries.length).reduce((sum, added) => sum + Number(added), 0);
}

/** Offers each poll those of its options that exist in the catalogue; answers how many were new, or -1 when it is empty. */
export async function offerExisting(
  session: SessionCheck | undefined,
  catalogue: string,
  options: Record<string, string[]>,
): Promise<number> {
  const polls = Object.entries(options);
  return scripts.offerExisting.runChecked(
    session,
    [catalogue, ...polls.map(([pollId]) => keys.scheduleOffered(pollId))],
    polls.flatMap(([, ids]) => [ids.length, ...ids]),
  );
}

/** Deletes the catalogue hash, taking its ids and their votes out of the polls; answers its size. */
export async function dropCatalogue(
  session: SessionCheck | undefined,
  catalogue: string,
  pollIds: string[],
): Promise<number> {
  const pollKeys = pollIds.flatMap((pollId) => [keys.scheduleOffered(pollId), keys.scheduleVotes(pollId)]);
  return scripts.dropCatalogue.runChecked(session, [catalogue, ...pollKeys], []);
}

/** Takes everything the polls offer out of them, with the votes; answers how many options that was. */
export async function dropOffered(session: SessionCheck | undefined, pollIds: string[]): Promise<number> {
  // Every vote is for an offered option (changeVote refuses others, and options leave with their
  // votes), so the votes go whole. One script: counted and deleted with nothing in between.
  const replies = await writeChecked(
    session,
    pollIds.flatMap((pollId): Write[] => [
      ['SCARD', keys.scheduleOffered(pollId)],
      ['DEL', keys.scheduleOffered(pollId)],
      ['DEL', keys.scheduleVotes(pollId)],
    ]),
  );
  return replies.filter((_, index) => index % 3 === 0).reduce((sum, count) => sum + Number(count), 0);
}
