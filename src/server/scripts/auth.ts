// Accounts (src/features/auth): an account is created whole or not at all, and never brought back
// by a change to a deleted one.
import { COUNT_IN } from './rate-limit.ts';
import { defineScript } from './script.ts';

/**
 * Creates the account unless its username key is taken, giving it the next account key of its
 * name: the name's account key prefix and n, for the name's n-th registration, counted in the
 * registrations hash, which no deletion touches, so a name registered again never gets an earlier
 * account's key (keys.ts accountKeyOf). KEYS: the user hash, the set of usernames, the
 * registrations. ARGV: the username key, its account key prefix (keys.ts accountKeyPrefix), then
 * the hash's field/value pairs. Answers the account key when created, else ''.
 */
export const createUser = defineScript<
  [user: string, users: string, registrations: string],
  [usernameKey: string, accountKeyPrefix: string, ...fields: string[]],
  string
>(`
if redis.call('EXISTS', KEYS[1]) == 1 then return '' end
local account = ARGV[2] .. redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
redis.call('HSET', KEYS[1], 'account', account, unpack(ARGV, 3))
redis.call('SADD', KEYS[2], ARGV[1])
return account`);

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

/**
 * Reserves one login attempt before the password is checked, so parallel guesses cannot all be
 * checked against a count none of them has raised yet. Reads the three failure counters (name and
 * address, address, name): over a limit it answers the seconds to wait and counts nothing; else it
 * counts the attempt on each (created with its window) and answers 0 with the user's hash, read in
 * the same call. A login that succeeds gives its reservation back (refundEach). KEYS: the three
 * counters, the user hash. ARGV: each counter's allowed attempts and window, in the same order.
 * The per-name limit holds only an address that has already failed for the name, so the owner
 * still gets in while many addresses guess their password.
 */
export const reserveLoginAttempt = defineScript<string[], number[], [wait: number, user: string[]]>(`${COUNT_IN}
local counts, ttls = {}, {}
for k = 1, 3 do
  counts[k] = tonumber(redis.call('GET', KEYS[k]) or '0') or 0
  ttls[k] = math.max(redis.call('TTL', KEYS[k]), 1)
end
local wait = 0
if counts[2] >= tonumber(ARGV[3]) then wait = ttls[2]
elseif counts[1] >= tonumber(ARGV[1]) then wait = ttls[1]
elseif counts[1] > 0 and counts[3] >= tonumber(ARGV[5]) then wait = math.min(ttls[1], ttls[3]) end
if wait > 0 then return {wait, {}} end
for k = 1, 3 do count_in(KEYS[k], math.huge, ARGV[k * 2]) end
return {0, redis.call('HGETALL', KEYS[4])}`);

/**
 * Gives back one counted attempt on each counter (a reservation that turned out a success); a
 * counter back at 0 goes, as if nothing had been counted. KEYS: the counters.
 */
export const refundEach = defineScript<string[], [], number>(`
for k = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[k]) or '0') or 0
  if count > 1 then redis.call('DECR', KEYS[k]) elseif count == 1 then redis.call('DEL', KEYS[k]) end
end
return 0`);
