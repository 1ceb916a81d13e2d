// Redis access for accounts. A user is one hash under keys.user(usernameKey) plus membership of
// keys.users(); both are written by one script so an account never exists half-made.
import type { Pipeline } from '@upstash/redis';
import { keys, usernameKey } from '../../server/keys.ts';
import { hashReply, redis } from '../../server/redis.ts';

export interface StoredUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  clearance: number;
  passwordHash: string;
  createdAt: string;
}

const CREATE_USER = `
if redis.call('exists', KEYS[1]) == 1 then return 0 end
redis.call('hset', KEYS[1], 'username', ARGV[1], 'firstName', ARGV[2], 'lastName', ARGV[3], 'email', ARGV[4],
  'clearance', ARGV[5], 'passwordHash', ARGV[6], 'createdAt', ARGV[7])
redis.call('sadd', KEYS[2], ARGV[8])
return 1`;

/** Turns a HGETALL reply into a user, or undefined when there is none. */
export function toStoredUser(reply: unknown): StoredUser | undefined {
  const hash = hashReply(reply);
  if (!hash?.username) return undefined;
  return {
    username: hash.username,
    firstName: hash.firstName ?? '',
    lastName: hash.lastName ?? '',
    email: hash.email ?? '',
    clearance: Number(hash.clearance) || 1,
    passwordHash: hash.passwordHash ?? '',
    createdAt: hash.createdAt ?? '',
  };
}

/** Adds the read of one user to a pipeline (its result goes through toStoredUser). */
export function readUserInto(pipe: Pipeline<[]>, username: string): void {
  pipe.hgetall(keys.user(usernameKey(username)));
}

/** Reads one user by username, case-insensitively. */
export async function findUser(username: string): Promise<StoredUser | undefined> {
  return toStoredUser(await redis().hgetall(keys.user(usernameKey(username))));
}

/** Creates the user unless the username is taken (case-insensitively); answers whether it did. */
export async function createUser(user: StoredUser): Promise<boolean> {
  const id = usernameKey(user.username);
  const created = await redis().eval(
    CREATE_USER,
    [keys.user(id), keys.users()],
    [
      user.username,
      user.firstName,
      user.lastName,
      user.email,
      String(user.clearance),
      user.passwordHash,
      user.createdAt,
      id,
    ],
  );
  return Number(created) === 1;
}

/** Sets a user's clearance; answers false when there is no such user. */
export async function updateClearance(username: string, clearance: number): Promise<boolean> {
  const key = keys.user(usernameKey(username));
  // HSET XX does not exist: the script keeps a deleted user from coming back as a clearance-only hash.
  const updated = await redis().eval(
    "if redis.call('exists', KEYS[1]) == 0 then return 0 end redis.call('hset', KEYS[1], 'clearance', ARGV[1]) return 1",
    [key],
    [String(clearance)],
  );
  return Number(updated) === 1;
}

/** Lists every account, without password hashes, in two round trips. */
export async function listUsers(): Promise<Omit<StoredUser, 'passwordHash'>[]> {
  const ids = await redis().smembers(keys.users());
  if (ids.length === 0) return [];
  const pipe = redis().pipeline();
  for (const id of ids) pipe.hgetall(keys.user(id));
  return (await pipe.exec())
    .map(toStoredUser)
    .filter((user): user is StoredUser => user !== undefined)
    .map(({ passwordHash: _hash, ...user }) => user)
    .sort((a, b) => a.username.localeCompare(b.username));
}

/** Deletes an account and everything keyed by it; answers whether it existed. */
export async function deleteUser(username: string): Promise<boolean> {
  const id = usernameKey(username);
  const tx = redis().multi();
  tx.del(keys.user(id));
  tx.del(keys.scores(id));
  tx.srem(keys.users(), id);
  const [deleted] = (await tx.exec()) as number[];
  return deleted === 1;
}

/** Counts the accounts (to tell an empty store). */
export async function countUsers(): Promise<number> {
  return redis().scard(keys.users());
}
