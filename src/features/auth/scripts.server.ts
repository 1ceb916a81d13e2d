// Accounts: one is created whole or not at all, never brought back by a change to a deleted one,
// and a login attempt is counted before its password is checked.
import { COUNT_IN } from '../../server/scripts/rate-limit.ts';
import { type Wait, defineScript } from '../../server/scripts/script.ts';

/**
 * Creates the account unless its user hash exists, giving it the next account key of its name:
 * the prefix and the name's count of registrations, which no deletion lowers, so a name registered
 * again never gets an earlier account's key (src/server/keys.ts accountKeyOf).
 */
export const createUser = defineScript<
  'user' | 'users' | 'registrations',
  { usernameKey: string; accountKeyPrefix: string; fields: Record<string, string> },
  { outcome: 'created'; account: string } | { outcome: 'taken' }
>(
  `
if redis.call('EXISTS', K.user) == 1 then return cjson.encode({outcome = 'taken'}) end
local account = A.accountKeyPrefix .. redis.call('HINCRBY', K.registrations, A.usernameKey, 1)
local fields = {'account', account}
for field, value in pairs(A.fields) do
  fields[#fields + 1] = field
  fields[#fields + 1] = value
end
redis.call('HSET', K.user, unpack(fields))
redis.call('SADD', K.users, A.usernameKey)
return cjson.encode({outcome = 'created', account = account})`,
  { json: true },
);

/**
 * Sets fields of an existing account (HSET has no XX, and a deleted user must not come back as a
 * hash of those fields only).
 */
export const updateUser = defineScript<'user', { fields: Record<string, string> }, 'updated' | 'missing'>(`
if redis.call('EXISTS', K.user) == 0 then return 'missing' end
for field, value in pairs(A.fields) do redis.call('HSET', K.user, field, value) end
return 'updated'`);

/**
 * Confirms an address from a link its holder followed (src/server/mail-address.ts), and, when the
 * link was for the account `A.account` and that account still exists, marks the address as its
 * verified email (`change`: making it the account's email first). 'gone': no such account now.
 */
export const verifyEmail = defineScript<
  'user' | 'states',
  { account: string; usernameKey: string; address: string; change: boolean },
  'verified' | 'gone'
>(`
redis.call('HSET', K.states, A.address, 'confirmed')
if redis.call('EXISTS', K.user) == 0 or (redis.call('HGET', K.user, 'account') or A.usernameKey) ~= A.account then
  return 'gone'
end
if A.change then redis.call('HSET', K.user, 'email', A.address) end
redis.call('HSET', K.user, 'emailVerified', A.address)
return 'verified'`);

/**
 * Sets `A.fields` (a new password hash, with a new session id when the password itself changes)
 * unless the hash changed since it was read as `A.readHash` ('changed': another change came first).
 */
export const replacePasswordHash = defineScript<
  'user',
  { readHash: string; fields: Record<string, string> },
  'replaced' | 'changed'
>(`
if redis.call('HGET', K.user, 'passwordHash') ~= A.readHash then return 'changed' end
for field, value in pairs(A.fields) do redis.call('HSET', K.user, field, value) end
return 'replaced'`);

/** A login's failure counters: one address guessing one name, one address, one name. */
export type LoginCounter = 'nameAtAddress' | 'address' | 'name';

/**
 * Reserves one login attempt before the password is checked, so parallel guesses cannot all be
 * checked against a count none of them has raised yet: over a limit it answers the wait and counts
 * nothing; else it counts the attempt on each counter and answers the user hash, read in the same
 * call. The per-name limit holds only an address that has already failed for the name, so the
 * owner still gets in while many addresses guess their password.
 */
export const reserveLoginAttempt = defineScript<
  LoginCounter | 'user',
  { limits: Record<LoginCounter, { max: number; window: number }> },
  Wait | { user: Record<string, string> }
>(
  `${COUNT_IN}
local function read(key)
  return tonumber(redis.call('GET', key) or '0') or 0, math.max(redis.call('TTL', key), 1)
end
local pair, pair_ttl = read(K.nameAtAddress)
local address, address_ttl = read(K.address)
local name, name_ttl = read(K.name)
local wait = 0
if address >= A.limits.address.max then wait = address_ttl
elseif pair >= A.limits.nameAtAddress.max then wait = pair_ttl
elseif pair > 0 and name >= A.limits.name.max then wait = math.min(pair_ttl, name_ttl) end
if wait > 0 then return 'wait:' .. wait end
for _, counter in ipairs({'nameAtAddress', 'address', 'name'}) do
  count_in(K[counter], math.huge, A.limits[counter].window)
end
local user, flat = {}, redis.call('HGETALL', K.user)
for i = 1, #flat, 2 do user[flat[i]] = flat[i + 1] end
return cjson.encode({user = user})`,
  { json: true },
);

/**
 * Gives back one counted attempt on each counter (a reservation that turned out a success); a counter back at 0 goes.
 */
export const refundEach = defineScript<'counters', Record<string, never>, 'refunded'>(`
for _, key in ipairs(K.counters) do
  local count = tonumber(redis.call('GET', key) or '0') or 0
  if count > 1 then redis.call('DECR', key) elseif count == 1 then redis.call('DEL', key) end
end
return 'refunded'`);
