// Accounts (src/features/auth): an account is created whole or not at all, and never brought back
// by a change to a deleted one.
import { defineScript } from './script.ts';

/**
 * Creates the account unless its username key is taken. KEYS: the user hash, the set of usernames.
 * ARGV: the username key, then the hash's field/value pairs. Answers 1 when created, else 0.
 */
export const createUser = defineScript<
  [user: string, users: string],
  [usernameKey: string, ...fields: string[]],
  number
>(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('SADD', KEYS[2], ARGV[1])
return 1`);

/**
 * Sets fields of an existing account (HSET has no XX, and a deleted user must not come back as a
 * hash of those fields only): a new clearance or password comes with a new session id, which ends
 * the account's earlier tokens. KEYS: the user hash. ARGV: field/value pairs. Answers 1 when set, else 0.
 */
export const updateUser = defineScript<[user: string], string[], number>(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1`);

/**
 * Replaces a stored password hash with a stronger one of the same password, unless it changed
 * since it was read (a password change in between wins). KEYS: the user hash. ARGV: the hash as
 * read, the new hash. Answers 1 when replaced, else 0.
 */
export const upgradePasswordHash = defineScript<[user: string], [readHash: string, newHash: string], number>(`
if redis.call('HGET', KEYS[1], 'passwordHash') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'passwordHash', ARGV[2])
return 1`);
