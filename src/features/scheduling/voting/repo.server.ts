// A poll's votes in Redis: one sorted set per poll, each vote the member '<voter key>\n<option id>'.
// A member's voter key is their account key, so a name registered again is another voter; the
// people hash keeps the name each voter voted under. Each vote and each read is one round trip.
import * as scripts from './scripts.server.ts';
import { couldBeAccountName, accountProbe } from '../../../server/account-probe.ts';
import { accountKeyPrefix, keys, usernameKey } from '../../../server/keys.ts';
import { type RateLimit, attemptCounter } from '../../../server/rate-limit.ts';
import { hashReply, redis } from '../../../server/redis.ts';
import type { SignedIn } from '../../../server/caller.ts';
import { type SessionCheck, checkedRead } from '../../../server/session.ts';
import { ANON_PREFIX } from '../poll/logic.ts';
import type { Answer, Vote } from '../poll/schema.ts';
import { schedulingKeys } from '../poll/keys.server.ts';

// Voter keys cannot hold a newline (usernames are letters, digits and _.-; anonymous names refuse
// control characters), so the first newline of a vote ends its voter key.
const SEPARATOR = '\n';

function splitVote(vote: string): { voter: string; option: string } {
  const at = vote.indexOf(SEPARATOR);
  return { voter: vote.slice(0, at), option: vote.slice(at + 1) };
}

/**
 * Anonymous names new to a poll, per poll and address (an IPv6 /64) per hour: a family votes well inside it;
 * a script inventing names to fill a poll (MAX_VOTERS_PER_POLL) would need 50 hours per address.
 */
export const NEW_VOTERS_PER_ADDRESS = { bucket: 'sched-new-voter', max: 10, windowSeconds: 3600 } satisfies RateLimit;

export interface Change {
  pollId: string;
  optionId: string;
  username: string;
  /** The key the voter's votes are kept under: a member's account key, an anonymous name's key form. */
  key: string;
  anonymous: boolean;
  change: 'add' | 'remove';
  secretHash: string;
  newSecretHash: string;
  /** The most voters the poll takes; a new voter beyond it is refused ('full'). */
  maxVoters: number;
  /** An add's answer; a remove ignores it. */
  answer: Answer;
}

/** Adds or removes one vote (scripts.changeVote); looking for the name's account counts from `address`. */
export async function changeVote(change: Change, address: string): Promise<scripts.ChangeOutcome> {
  const voter = change.key;
  // The name without 'anon_' in its key form: an account's name, to look for (anonymous) or to copy the first name of.
  const plainName = change.anonymous ? voter.slice(ANON_PREFIX.length) : usernameKey(change.username);
  const { pollId } = change;
  const probe = accountProbe(address, plainName);
  const [newVoters, newVotersMax, newVotersWindow] = attemptCounter([NEW_VOTERS_PER_ADDRESS, `${pollId}@${address}`]);
  return scripts.changeVote.run(
    {
      offered: schedulingKeys.offered(pollId),
      people: schedulingKeys.people(pollId),
      claims: schedulingKeys.claims(pollId),
      votes: schedulingKeys.votes(pollId),
      firstNames: schedulingKeys.firstNames(pollId),
      account: keys.user(plainName),
      ...probe.keys,
      maybe: schedulingKeys.maybe(pollId),
      version: schedulingKeys.version(pollId),
      finals: schedulingKeys.finals(),
      voterCounts: schedulingKeys.voterCounts(),
      newVoters,
      emails: schedulingKeys.emails(pollId),
      digests: schedulingKeys.digests(),
      digestPending: schedulingKeys.digestPending(),
    },
    {
      pollId,
      optionId: change.optionId,
      voterKey: voter,
      plainName,
      username: change.username,
      change: change.change,
      answer: change.answer,
      anonymous: change.anonymous,
      secretHash: change.secretHash,
      newSecretHash: change.newSecretHash,
      couldBeAccount: couldBeAccountName(plainName),
      ...probe.args,
      accountKeyPrefix: accountKeyPrefix(plainName),
      maxVoters: change.maxVoters,
      newVotersMax,
      newVotersWindow,
    },
  );
}

/** Every vote of a poll, the reader's own (a member's) marked, and the version they were read at:
 * one round trip with the reader's session check. */
export async function pollVotesAt(
  pollId: string,
  reader?: Pick<SignedIn, 'accountKey' | 'session'>,
): Promise<{ votes: Vote[]; version: number }> {
  const [votes, maybe, people, firstNames, version] = (await checkedRead(reader?.session, (pipe) =>
    pipe
      .zrange(schedulingKeys.votes(pollId), 0, -1)
      .smembers(schedulingKeys.maybe(pollId))
      .hgetall(schedulingKeys.people(pollId))
      .hgetall(schedulingKeys.firstNames(pollId))
      .get(schedulingKeys.version(pollId)),
  )) as [string[], string[], unknown, unknown, string | null];
  const usernames = hashReply(people) ?? {};
  const firstNameOf = hashReply(firstNames) ?? {};
  const ifNeedBe = new Set(maybe);
  // Voters are numbered in the order the people hash lists them, not by their keys, which stay in the store.
  const numbers = new Map(Object.keys(usernames).map((voter, index) => [voter, index]));
  const numberOf = (voter: string) => numbers.get(voter) ?? numbers.set(voter, numbers.size).get(voter)!;
  return {
    votes: votes.map((vote) => {
      const { voter, option } = splitVote(vote);
      const username = usernames[voter] ?? '';
      const firstName = firstNameOf[voter];
      return {
        option,
        answer: ifNeedBe.has(vote) ? 'ifNeedBe' : 'yes',
        user: firstName ? { username, firstName } : { username },
        voter: numberOf(voter),
        ...(reader && voter === reader.accountKey ? { mine: true as const } : {}),
      };
    }),
    version: Number(version ?? 0),
  };
}

/** Every vote of a poll, as pollVotesAt reads them for a guest (one round trip). */
export async function pollVotes(pollId: string): Promise<Vote[]> {
  return (await pollVotesAt(pollId)).votes;
}

/** The option ids a voter chose in a poll: an anonymous name's, or those of the account a username has now. */
export async function voterChoices(pollId: string, username: string): Promise<string[]> {
  const voter = username.toLowerCase();
  const votes = await scripts.voterVotes.run(
    { votes: schedulingKeys.votes(pollId), account: keys.user(voter) },
    { voterKey: voter },
  );
  return votes.map((vote) => splitVote(vote).option);
}

/** A poll's version: every change raises it, so an unchanged poll is one small read (0 before any change). */
export async function pollVersion(pollId: string): Promise<number> {
  return Number((await redis().get<number>(schedulingKeys.version(pollId))) ?? 0);
}

/** Keeps (or, with '' forgets) the address a voter of the poll left; an anonymous one proves their name's claim. */
export function setVoterEmail(
  pollId: string,
  voter: { key: string; anonymous: boolean },
  secretHash: string,
  email: string,
) {
  return scripts.setVoterEmail.run(
    {
      people: schedulingKeys.people(pollId),
      claims: schedulingKeys.claims(pollId),
      emails: schedulingKeys.emails(pollId),
    },
    { voterKey: voter.key, anonymous: voter.anonymous, secretHash, email },
  );
}

export interface VotersRead {
  organiser: string;
  people: Record<string, string>;
  firstNames: Record<string, string>;
  emails: Record<string, string>;
  told: Record<string, string>;
  votes: string[];
}

/** Reads a poll's voters with their first names, addresses, how each was told, their votes, and who organises it. */
export async function readVoters(pollId: string, session: SessionCheck | undefined): Promise<VotersRead> {
  const [organiser, people, firstNames, emails, told, votes] = (await checkedRead(session, (pipe) =>
    pipe
      .hget(schedulingKeys.organisers(), pollId)
      .hgetall(schedulingKeys.people(pollId))
      .hgetall(schedulingKeys.firstNames(pollId))
      .hgetall(schedulingKeys.emails(pollId))
      .hgetall(schedulingKeys.notified(pollId))
      .zrange(schedulingKeys.votes(pollId), 0, -1),
  )) as [string | null, unknown, unknown, unknown, unknown, string[]];
  return {
    organiser: organiser ?? '',
    people: hashReply(people) ?? {},
    firstNames: hashReply(firstNames) ?? {},
    emails: hashReply(emails) ?? {},
    told: hashReply(told) ?? {},
    votes,
  };
}

/** The voter key of a stored vote. */
export const voterOf = (vote: string) => splitVote(vote).voter;
