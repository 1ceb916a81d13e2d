// A poll's votes in Redis: one sorted set per poll, each vote the member '<voter key>\n<option id>'.
// A member's voter key is their account key, so a name registered again is another voter; the
// people hash keeps the name each voter voted under. A vote is two round trips (an anonymous
// name's claim or a member's rate limit, then the change), each read one.
import { createHash } from 'node:crypto';
import * as scripts from './scripts.server.ts';
import { type WithClearance, canAdminister } from '../../../lib/policy.ts';
import { couldBeAccountName, accountProbe } from '../../../server/account-probe.ts';
import { passSpend } from '../../../server/captcha.ts';
import { accountKeyPrefix, keys, usernameKey } from '../../../server/keys.ts';
import { normalAddress } from '../../../server/mail-address.ts';
import { type RateLimit, attemptCounter } from '../../../server/rate-limit.ts';
import { hashReply, redis } from '../../../server/redis.ts';
import type { SignedIn } from '../../../server/caller.ts';
import { type SessionCheck, checkedRead } from '../../../server/session.ts';
import { ANON_PREFIX } from '../poll/logic.ts';
import type { Answer, Vote } from '../poll/schema.ts';
import { legacyKey, schedulingKeys } from '../poll/keys.server.ts';
import { type Admin, commandsAsAdmin, readAsAdmin, runAsAdmin } from '../../../server/admin-limit.ts';

// Voter keys cannot hold a newline (usernames are letters, digits and _.-; anonymous names refuse
// control characters), nor can an offered option's id: a vote is its voter, option and answer.
function splitVote(vote: string): { voter: string; option: string; answer: Answer } {
  const [voter = '', option = '', maybe] = vote.split('\n');
  return { voter, option, answer: maybe === undefined ? 'yes' : 'ifNeedBe' };
}

/** A voter as the people hash keeps them. */
export interface Person {
  name: string;
  joined: number;
  firstName?: string;
  email?: string;
}

/** A poll's people by voter key, in the order they came (a hash's own order is the store's). */
const peopleOf = (reply: unknown): [string, Person][] =>
  Object.entries(hashReply(reply) ?? {})
    .map(([key, json]): [string, Person] => [key, JSON.parse(json) as Person])
    .sort(([, a], [, b]) => a.joined - b.joined);

/**
 * Voters new to a poll, signed in or not, per poll and address (an IPv6 /64) per hour: a family
 * votes well inside it; a script inventing names, or signing in free accounts, to fill a poll
 * (MAX_VOTERS_PER_POLL) would need 50 hours per address.
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
  /** The hash of the secret that holds the name's claim (claimName). */
  secretHash: string;
  /** True when claimName claimed the name in this request. */
  claimed: boolean;
  /** The most voters the poll takes; a new voter beyond it is refused ('full'). */
  maxVoters: number;
  /** An add's answer; a remove ignores it. */
  answer: Answer;
}

/**
 * Claims an anonymous name (scripts.claimName) after counting the attempt in `limit` from `address`,
 * which also counts looking for the name's account.
 */
export function claimName(
  pollId: string,
  voter: { key: string; remove: boolean; secretHash: string; newSecretHash: string },
  limit: RateLimit,
  address: string,
  pass: { key: string; seconds: number } | undefined,
) {
  // The name without 'anon_' in its key form: an account's name, to look for.
  const plainName = voter.key.slice(ANON_PREFIX.length);
  const probe = accountProbe(address, plainName);
  const spend = passSpend(pass);
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter([limit, address]);
  return scripts.claimName.counted.run(
    {
      attempts,
      ...probe.keys,
      account: keys.user(plainName),
      claims: schedulingKeys.claims(pollId),
      people: schedulingKeys.people(pollId),
      votes: schedulingKeys.votes(pollId),
      ...spend.keys,
    },
    {
      attemptsMax,
      attemptsWindow,
      ...spend.args,
      voterKey: voter.key,
      plainName,
      remove: voter.remove,
      secretHash: voter.secretHash,
      newSecretHash: voter.newSecretHash,
      couldBeAccount: couldBeAccountName(plainName),
      ...probe.args,
      accountKeyPrefix: accountKeyPrefix(plainName),
    },
  );
}

/** Adds or removes one vote (scripts.changeVote); a new voter counts from `address`. */
export async function changeVote(change: Change, address: string): Promise<scripts.ChangeOutcome> {
  const { pollId } = change;
  const [newVoters, newVotersMax, newVotersWindow] = attemptCounter([NEW_VOTERS_PER_ADDRESS, `${pollId}@${address}`]);
  return scripts.changeVote.run(
    {
      offered: schedulingKeys.offered(pollId),
      people: schedulingKeys.people(pollId),
      claims: schedulingKeys.claims(pollId),
      votes: schedulingKeys.votes(pollId),
      state: schedulingKeys.state(pollId),
      finals: schedulingKeys.finals(),
      newVoters,
      // A member's account, to copy their first name from (an anonymous voter's goes unread).
      account: keys.user(usernameKey(change.username)),
    },
    {
      pollId,
      optionId: change.optionId,
      voterKey: change.key,
      username: change.username,
      change: change.change,
      answer: change.answer,
      anonymous: change.anonymous,
      now: Date.now(),
      secretHash: change.secretHash,
      claimed: change.claimed,
      maxVoters: change.maxVoters,
      newVotersMax,
      newVotersWindow,
    },
  );
}

/** The keys scripts.readVotes reads for a poll. */
export const readVotesKeys = (pollId: string) => ({
  votes: schedulingKeys.votes(pollId),
  people: schedulingKeys.people(pollId),
  state: schedulingKeys.state(pollId),
  votersHidden: schedulingKeys.votersHidden(),
  organisers: schedulingKeys.organisers(),
  claims: schedulingKeys.claims(pollId),
});

/**
 * Every vote of a poll, the reader's own (a member's) marked, and the version they were read at:
 * one round trip with the reader's session check. Where the organiser hides the voters' names, a
 * reader who is neither the organiser nor an admin sees each other voter named by the order they
 * came ('Voter 3'), and an anonymous voter's votes carry their claim's tag for their browser.
 */
export async function pollVotesAt(
  pollId: string,
  reader?: Pick<SignedIn, 'accountKey' | 'session'> & WithClearance,
): Promise<{ votes: Vote[]; version: number }> {
  const [votes, people, version, hidden, organiser, claims] = await scripts.readVotes.runChecked(
    reader?.session,
    readVotesKeys(pollId),
    { pollId },
  );
  const persons = new Map(peopleOf(people));
  const hides = hidden === 1 && !(reader && (canAdminister(reader) || reader.accountKey === organiser));
  const secretHashes = hides ? (hashReply(claims) ?? {}) : {};
  // Voters are numbered in the order they came, not by their keys, which stay in the store.
  const numbers = new Map([...persons.keys()].map((voter, index) => [voter, index]));
  const numberOf = (voter: string) => numbers.get(voter) ?? numbers.set(voter, numbers.size).get(voter)!;
  return {
    votes: votes.map((vote) => {
      const { voter, option, answer } = splitVote(vote);
      const mine = reader !== undefined && voter === reader.accountKey;
      const username = persons.get(voter)?.name ?? '';
      const firstName = persons.get(voter)?.firstName;
      const secretHash = secretHashes[voter];
      return {
        option,
        answer,
        user:
          hides && !mine
            ? { username: '', firstName: `Voter ${numberOf(voter) + 1}` }
            : firstName
              ? { username, firstName }
              : { username },
        voter: numberOf(voter),
        ...(mine ? { mine: true as const } : {}),
        ...(secretHash ? { tag: createHash('sha256').update(secretHash).digest('hex') } : {}),
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
  return Number((await redis().hget<number>(schedulingKeys.state(pollId), 'version')) ?? 0);
}

/**
 * Keeps (or, with '' forgets) the address a voter of the poll left, once confirmed; an
 * anonymous one proves their name's claim.
 */
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
      addressStates: keys.mailAddresses(),
    },
    { voterKey: voter.key, anonymous: voter.anonymous, secretHash, email, address: normalAddress(email) },
  );
}

export interface VotersRead {
  organiser: string;
  /** By voter key, in the order they came. */
  people: [string, Person][];
  told: Record<string, string>;
  votes: string[];
}

/** Reads a poll's voters with their first names, addresses, how each was told, their votes, and who organises it. */
export async function readVoters(pollId: string, session: SessionCheck | undefined): Promise<VotersRead> {
  const [organiser, people, told, votes] = (await checkedRead(session, (pipe) =>
    pipe
      .hget(schedulingKeys.organisers(), pollId)
      .hgetall(schedulingKeys.people(pollId))
      .hgetall(schedulingKeys.notified(pollId))
      .zrange(schedulingKeys.votes(pollId), 0, -1),
  )) as [string | null, unknown, unknown, string[]];
  return { organiser: organiser ?? '', people: peopleOf(people), told: hashReply(told) ?? {}, votes };
}

/** The voter key of a stored vote. */
export const voterOf = (vote: string) => splitVote(vote).voter;

/** Moves every stored poll's voting from the layout before `state` into this one; answers how many polls moved. */
export async function migrateVoting(admin: Admin): Promise<number> {
  const [pollIds] = (await readAsAdmin(admin, (pipe) => pipe.hkeys(schedulingKeys.polls()))) as [string[]];
  let moved = 0;
  for (const pollId of pollIds) {
    const outcome = await runAsAdmin(
      admin,
      scripts.migrateVotes,
      {
        votes: schedulingKeys.votes(pollId),
        maybe: legacyKey('maybe', pollId),
        people: schedulingKeys.people(pollId),
        firstNames: legacyKey('first-names', pollId),
        emails: legacyKey('emails', pollId),
        version: legacyKey('version', pollId),
        state: schedulingKeys.state(pollId),
        pending: legacyKey('digest-pending'),
      },
      { pollId },
    );
    if (outcome === 'moved') moved += 1;
  }
  await commandsAsAdmin(admin, [
    ['DEL', legacyKey('voter-counts')],
    ['DEL', legacyKey('digest-pending')],
  ]);
  return moved;
}
