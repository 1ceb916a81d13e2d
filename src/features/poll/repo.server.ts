// Redis access for the one-question poll: a question's votes, the owner's closed flag and end time.
import { type Admin, commandsAsAdmin, runAsAdmin } from '../../server/admin-limit.ts';
import { couldBeAccountName, accountProbe } from '../../server/account-probe.ts';
import { passSpend } from '../../server/captcha.ts';
import { keys, usernameKey } from '../../server/keys.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { pollKeys, pollVoterKey } from './keys.server.ts';
import * as scripts from './scripts.server.ts';

export interface StoredVote {
  inputtedName: string;
  options: string[];
}

/** A question's votes, whether the owner's flag closes it and its end time (ms) if it has one, in one round trip. */
export async function readQuestion(
  question: number,
): Promise<{ votes: StoredVote[]; closedInStore: boolean; endsAt: number | null }> {
  const [votes, closedAt, endsAt] = (await redis()
    .pipeline()
    .hgetall(pollKeys.votes(question))
    .get(pollKeys.closed(question))
    .get(pollKeys.ends(question))
    .exec()) as [unknown, string | null, string | number | null];
  return {
    votes: Object.values(hashReply(votes) ?? {}).map((json) => JSON.parse(json) as StoredVote),
    closedInStore: closedAt !== null,
    endsAt: endsAt === null ? null : Number(endsAt),
  };
}

export interface VoteToCast {
  question: number;
  vote: StoredVote;
  /**
   * A member's account key, the vote's field; none for an anonymous voter, whose typed
   * name is looked for among the accounts.
   */
  accountKey?: string;
  address: string;
  maxVoters: number;
  /** Where a voter new to the question counts, signed in or not. */
  newVoters: Attempt;
  /** An anonymous vote's bot pass, spent with it (src/server/captcha.ts checkBotPass); none while the check is off. */
  pass?: { key: string; seconds: number } | undefined;
}

/** Records a vote in one round trip (scripts.server.ts castVote). */
export async function castVote({ question, vote, accountKey, address, maxVoters, newVoters, pass }: VoteToCast) {
  const name = vote.inputtedName;
  const probe = accountProbe(address, name);
  const spend = passSpend(pass);
  const [newVotersKey, newVotersMax, newVotersWindow] = attemptCounter(newVoters);
  return scripts.castVote.run(
    {
      votes: pollKeys.votes(question),
      account: keys.user(usernameKey(name)),
      newVoters: newVotersKey,
      closed: pollKeys.closed(question),
      ends: pollKeys.ends(question),
      ...spend.keys,
      ...probe.keys,
    },
    {
      voterKey: accountKey ?? pollVoterKey(name),
      now: Date.now(),
      vote: JSON.stringify(vote),
      anonymous: accountKey === undefined,
      couldBeAccount: couldBeAccountName(name),
      maxVoters,
      newVotersMax,
      newVotersWindow,
      ...spend.args,
      ...probe.args,
    },
  );
}

/** Takes a voter's vote off a question within the admin's limit (scripts.removeVote); answers whether there was one. */
export async function removeVote(admin: Admin, question: number, name: string): Promise<boolean> {
  const removed = await runAsAdmin(
    admin,
    scripts.removeVote,
    { votes: pollKeys.votes(question), account: keys.user(usernameKey(name)) },
    { name: pollVoterKey(name) },
  );
  return removed > 0;
}

/**
 * Moves the members' votes from before account keys under their account keys
 * (scripts.migrateVotes); answers how many moved.
 */
export async function migrateVotes(admin: Admin, questions: number): Promise<number> {
  let moved = 0;
  for (let question = 0; question < questions; question++) {
    moved += await runAsAdmin(
      admin,
      scripts.migrateVotes,
      { votes: pollKeys.votes(question) },
      { userPrefix: keys.user('') },
    );
  }
  return moved;
}

/** Sets the question's end time (ms) or, with null, takes it away, within the admin's limit. */
export async function setEnd(admin: Admin, question: number, endsAt: number | null): Promise<void> {
  const key = pollKeys.ends(question);
  await commandsAsAdmin(admin, [endsAt === null ? ['DEL', key] : ['SET', key, endsAt]]);
}

/**
 * Sets the owner's closed flag (keeping the time it was first set), or clears it with an end time
 * already reached (scripts.reopen), within the admin's limit.
 */
export async function setClosed(admin: Admin, question: number, closed: boolean): Promise<void> {
  const flags = { closed: pollKeys.closed(question), ends: pollKeys.ends(question) };
  if (closed) await commandsAsAdmin(admin, [['SETNX', flags.closed, Date.now()]]);
  else await runAsAdmin(admin, scripts.reopen, flags, { now: Date.now() });
}
