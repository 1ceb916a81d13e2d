// Redis access for accounts. A user is one hash under keys.user(usernameKey) plus membership of
// authKeys.users(); both are written by one script so an account never exists half-made. The same
// script gives the account its account key (src/server/keys.ts accountKeyOf).
import type { Pipeline } from '@upstash/redis';
import { accountKeyOf, accountKeyPrefix, keys, usernameKey, usernameKeyOfAccount } from '../../server/keys.ts';
import { normalAddress } from '../../server/mail-address.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { ensureSession } from '../../server/scripts/session.ts';
import { type SessionCheck, checkedRead, newSessionId } from '../../server/session.ts';
import { authKeys } from './keys.server.ts';
import * as scripts from './scripts.server.ts';
import type { LoginCounter } from './scripts.server.ts';

export interface StoredUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  clearance: number;
  passwordHash: string;
  createdAt: string;
  /** The account's session id (src/server/session.ts); '' on an account made before there were any. */
  session: string;
  /** The key its own records are kept under (keys.ts accountKeyOf); given by createUser. */
  accountKey: string;
  /** The address its holder confirmed as this account's (lower case): the email is verified while it is this one. */
  emailVerified: string;
}

/** Whether the account's email is the one its holder confirmed for it (emailVerified). */
export const hasVerifiedEmail = ({ email, emailVerified }: Pick<StoredUser, 'email' | 'emailVerified'>): boolean =>
  emailVerified !== '' && emailVerified === normalAddress(email);

/** Turns a HGETALL reply into a user, or undefined when there is none. */
export function toStoredUser(reply: unknown): StoredUser | undefined {
  return storedUser(hashReply(reply));
}

function storedUser(hash: Record<string, string> | null): StoredUser | undefined {
  if (!hash?.username) return undefined;
  return {
    username: hash.username,
    firstName: hash.firstName ?? '',
    lastName: hash.lastName ?? '',
    email: hash.email ?? '',
    clearance: Number(hash.clearance) || 1,
    passwordHash: hash.passwordHash ?? '',
    createdAt: hash.createdAt ?? '',
    session: hash.session ?? '',
    accountKey: accountKeyOf(hash.username, hash.account),
    emailVerified: hash.emailVerified ?? '',
  };
}

/** Adds the read of one user to a pipeline (its result goes through toStoredUser). */
export function readUserInto(pipe: Pipeline<[]>, username: string): void {
  pipe.hgetall(keys.user(usernameKey(username)));
}

/** The failure counters a login attempt is held to, by name. */
export type LoginAttempts = Record<LoginCounter, Attempt>;

/** Each counter's key and limit, by name. */
function counters<T>(attempts: LoginAttempts, pick: (counter: ReturnType<typeof attemptCounter>) => T) {
  const { nameAtAddress, address, name } = attempts;
  return {
    nameAtAddress: pick(attemptCounter(nameAtAddress)),
    address: pick(attemptCounter(address)),
    name: pick(attemptCounter(name)),
  };
}

/**
 * Counts a login attempt on its failure counters unless one is over its limit, and reads the user,
 * in one round trip: the seconds to wait (0 when the attempt may go on) and the user, if any.
 */
export async function reserveLoginAttempt(
  attempts: LoginAttempts,
  username: string,
): Promise<{ wait: number; user: StoredUser | undefined }> {
  const reply = await scripts.reserveLoginAttempt.run(
    { ...counters(attempts, ([key]) => key), user: keys.user(usernameKey(username)) },
    { limits: counters(attempts, ([, max, window]) => ({ max, window })) },
  );
  if (typeof reply === 'string') return { wait: secondsToWait(reply), user: undefined };
  return { wait: 0, user: storedUser(reply.user) };
}

/** Gives a successful login's reserved attempt back on each of its counters. */
export async function refundLoginAttempt(attempts: LoginAttempts): Promise<void> {
  await scripts.refundEach.run({ counters: Object.values(counters(attempts, ([key]) => key)) }, {});
}

/** Reads one user by username, case-insensitively. */
export async function findUser(username: string): Promise<StoredUser | undefined> {
  return toStoredUser(await redis().hgetall(keys.user(usernameKey(username))));
}

/**
 * Reads the signed-in user's account in the request's one round trip, refusing an ended session:
 * the user, and the hash as read (for src/server/session.ts promotedToken).
 */
export async function findSessionUser(
  username: string,
  session: SessionCheck,
): Promise<{ user: StoredUser | undefined; record: unknown }> {
  const [record] = await checkedRead(session, (pipe) => readUserInto(pipe, username));
  return { user: toStoredUser(record), record };
}

/**
 * Creates the user unless the username is taken (case-insensitively); answers its account key, or undefined when taken.
 */
export async function createUser(user: Omit<StoredUser, 'accountKey' | 'emailVerified'>): Promise<string | undefined> {
  const { username, firstName, lastName, email, clearance, passwordHash, createdAt, session } = user;
  const hash = { username, firstName, lastName, email, clearance: String(clearance), passwordHash, createdAt, session };
  const id = usernameKey(username);
  const reply = await scripts.createUser.run(
    { user: keys.user(id), users: authKeys.users(), registrations: authKeys.registrations() },
    { usernameKey: id, accountKeyPrefix: accountKeyPrefix(id), fields: hash },
  );
  return reply.outcome === 'created' ? reply.account : undefined;
}

/**
 * Confirms `address` and, while the account `accountKey` exists, makes it its verified
 * email (with `change`, its email too).
 */
export async function verifyEmail(accountKey: string, address: string, change: boolean): Promise<'verified' | 'gone'> {
  const id = usernameKeyOfAccount(accountKey);
  return scripts.verifyEmail.run(
    { user: keys.user(id), states: keys.mailAddresses() },
    { account: accountKey, usernameKey: id, address, change },
  );
}

/** Sets a user's clearance and ends their sessions; answers false when there is no such user. */
export async function updateClearance(username: string, clearance: number): Promise<boolean> {
  const fields = { clearance: String(clearance), session: newSessionId() };
  return (await scripts.updateUser.run({ user: keys.user(usernameKey(username)) }, { fields })) === 'updated';
}

/** Sets a user's password hash and ends their sessions; answers false when there is no such user. */
export async function updatePasswordHash(username: string, passwordHash: string): Promise<boolean> {
  const fields = { passwordHash, session: newSessionId() };
  return (await scripts.updateUser.run({ user: keys.user(usernameKey(username)) }, { fields })) === 'updated';
}

/**
 * Ends every session of the signed-in user, the request's own included, in its one round trip
 * (refused when the request's session has already ended).
 */
export async function replaceSession(username: string, session: SessionCheck): Promise<void> {
  await scripts.updateUser.runChecked(
    session,
    { user: keys.user(usernameKey(username)) },
    { fields: { session: newSessionId() } },
  );
}

/** Answers the account's session id, giving it one if it has none (made before there were any). */
export async function sessionOf(username: string): Promise<string | undefined> {
  const held = await ensureSession.run({ user: keys.user(usernameKey(username)) }, { sessionId: newSessionId() });
  return held === 'none' ? undefined : held;
}

/** Stores a stronger hash of the same password, unless the hash changed since `readHash` was read. */
export async function upgradePasswordHash(username: string, readHash: string, newHash: string): Promise<void> {
  await scripts.replacePasswordHash.run(
    { user: keys.user(usernameKey(username)) },
    { readHash, fields: { passwordHash: newHash } },
  );
}

/**
 * Sets a new password's hash and a new session id (ending every earlier session), unless the hash
 * changed since `readHash` was read; answers the new session id, or undefined when it had changed.
 */
export async function replacePassword(
  username: string,
  readHash: string,
  newHash: string,
): Promise<string | undefined> {
  const session = newSessionId();
  const reply = await scripts.replacePasswordHash.run(
    { user: keys.user(usernameKey(username)) },
    { readHash, fields: { passwordHash: newHash, session } },
  );
  return reply === 'replaced' ? session : undefined;
}

/** Sets the signed-in user's first and last name, in one round trip with the session check. */
export async function updateNames(
  username: string,
  session: SessionCheck,
  fields: { firstName: string; lastName: string },
): Promise<void> {
  await scripts.updateUser.runChecked(session, { user: keys.user(usernameKey(username)) }, { fields });
}

/** Lists every account, without password hashes, in two round trips. */
export async function listUsers(): Promise<Omit<StoredUser, 'passwordHash' | 'session' | 'accountKey'>[]> {
  const ids = await redis().smembers(authKeys.users());
  if (ids.length === 0) return [];
  const pipe = redis().pipeline();
  for (const id of ids) pipe.hgetall(keys.user(id));
  return (await pipe.exec())
    .map(toStoredUser)
    .filter((user): user is StoredUser => user !== undefined)
    .map(({ passwordHash: _hash, session: _session, accountKey: _accountKey, ...user }) => user)
    .sort((a, b) => a.username.localeCompare(b.username));
}

/**
 * Deletes an account with what is its own and cheap to find: its scores and word-game statistics,
 * its cart and its order index (its orders stay on record, in the index of every order). Its forum
 * posts and scheduling votes stay under its account key, which no later account of the name gets.
 * Two round trips: the account's key, then the deletion. Answers whether it existed.
 */
export async function deleteUser(username: string): Promise<boolean> {
  const found = await findUser(username);
  return found ? deleteAccount(found) : false;
}

/** Deletes an account read as `found`, its scores, its cart and its order index, in one round trip. */
export async function deleteAccount(found: StoredUser): Promise<boolean> {
  const id = usernameKey(found.username);
  const account = found.accountKey;
  const tx = redis().multi();
  tx.del(keys.user(id));
  tx.del(keys.scores(account), keys.wordGameStats(account), keys.wordGameSeen(account));
  tx.del(keys.cart(account), keys.userOrders(account));
  tx.srem(authKeys.users(), id);
  const [deleted] = (await tx.exec()) as number[];
  return deleted === 1;
}

/** Counts the accounts (to tell an empty store). */
export async function countUsers(): Promise<number> {
  return redis().scard(authKeys.users());
}
