// Asking to join the forum (src/features/forum, service.server.ts): one request per account (its
// JSON under keys.forumJoinRequest, expiring JOIN_REQUEST_KEPT_DAYS after its last change), the
// waiting ones also in one hash for the owner's list (keys.forumJoinPending), at most
// MAX_PENDING_JOIN_REQUESTS of them. Request JSON is written by the service; the scripts read it
// (createdAt-like times are ISO 8601 in UTC, so strings compare as times do).
import { DAILY_COUNT } from './daily-cap.ts';
import { COUNT_IN } from './rate-limit.ts';
import { defineScript } from './script.ts';

/** Why an ask was refused, or 'ok' (src/features/forum/schema.ts JoinReason, and the address's day). */
export type AskOutcome = 'ok' | 'already-member' | 'already-waiting' | 'too-soon' | 'list-full' | 'address-full';

/**
 * Records an account's request to join, counting the attempt on the account's rate limit first:
 * refused when the account already has the forum's clearance, has a request waiting, was declined
 * after the ask-again cutoff, when the owner's list holds the most it may (lapsed entries, asked
 * before the lapse cutoff, are dropped first) or when the address has made its day's requests;
 * else the request is stored with its expiry, listed for the owner and counted for the address.
 * KEYS: the account's rate-limit counter, the address's day's request counter, the account's hash,
 * the account's request, the waiting list. ARGV: the limit's max and window, the address's daily
 * cap, the seconds left in the day, the request JSON, the list entry JSON, the request id, the
 * lapse cutoff, the ask-again cutoff (a decline after it is too recent), the request's expiry
 * (seconds), the list's cap, the forum's clearance.
 * Answers {seconds to wait} over the rate limit, else {0, outcome, the decline's time when too soon}.
 */
export const askToJoin = defineScript<
  [counter: string, addressDay: string, account: string, request: string, pending: string],
  [
    max: number,
    windowSeconds: number,
    perAddress: number,
    dayTtl: number,
    json: string,
    entry: string,
    id: string,
    lapsedBefore: string,
    declinedAfter: string,
    ttl: number,
    maxPending: number,
    forumClearance: number,
  ],
  [number, AskOutcome?, string?]
>(`${COUNT_IN}${DAILY_COUNT}
local wait = count_in(KEYS[1], ARGV[1], ARGV[2])
if wait > 0 then return {wait} end
if (tonumber(redis.call('HGET', KEYS[3], 'clearance')) or 1) >= tonumber(ARGV[12]) then return {0, 'already-member'} end
local existing = redis.call('GET', KEYS[4])
if existing then
  local request = cjson.decode(existing)
  if request.status == 'pending' then return {0, 'already-waiting'} end
  if request.status == 'declined' and type(request.decidedAt) == 'string' and request.decidedAt > ARGV[9] then
    return {0, 'too-soon', request.decidedAt}
  end
end
local listed = redis.call('HGETALL', KEYS[5])
local waiting = 0
for i = 1, #listed, 2 do
  local asked = cjson.decode(listed[i + 1]).askedAt
  if type(asked) ~= 'string' or asked < ARGV[8] then
    redis.call('HDEL', KEYS[5], listed[i])
  else
    waiting = waiting + 1
  end
end
if waiting >= tonumber(ARGV[11]) then return {0, 'list-full'} end
if not has_room(KEYS[2], ARGV[3]) then return {0, 'address-full'} end
count_day(KEYS[2], ARGV[4])
redis.call('SET', KEYS[4], ARGV[5], 'EX', ARGV[10])
redis.call('HSET', KEYS[5], ARGV[7], ARGV[6])
return {0, 'ok'}`);

/** What became of the owner's decision: done, the request no longer waiting, or its account gone. */
export type DecideOutcome = 'ok' | 'gone' | 'no-account';

/**
 * Decides a waiting request, if it is still the list's entry the owner read (ARGV[2]) and still the
 * account's waiting request: takes it off the list and stores the decided request (ARGV[4], with
 * its expiry). An approval first checks the account is still the one that asked (its account key,
 * ARGV[6], or its username key ARGV[7] for an account from before account keys) and raises its
 * clearance to the forum's, never lowering a higher one, leaving its session as it is: the
 * visitor's next read gets a token with the new clearance (src/server/session.ts promotedToken).
 * KEYS: the waiting list, the account's request, the account's hash. ARGV: the request id, the
 * list entry as read, 'approve' or 'decline', the decided request's JSON, its expiry (seconds),
 * the account key, the username key, the forum's clearance. Answers the outcome.
 */
export const decideJoin = defineScript<
  [pending: string, request: string, account: string],
  [
    id: string,
    entry: string,
    decision: 'approve' | 'decline',
    json: string,
    ttl: number,
    accountKey: string,
    usernameKey: string,
    forumClearance: number,
  ],
  DecideOutcome
>(`
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 'gone' end
redis.call('HDEL', KEYS[1], ARGV[1])
local current = redis.call('GET', KEYS[2])
local request = current and cjson.decode(current)
if not request or request.id ~= ARGV[1] or request.status ~= 'pending' then return 'gone' end
if ARGV[3] == 'approve' then
  local account = redis.call('HGET', KEYS[3], 'account') or ARGV[7]
  if redis.call('HEXISTS', KEYS[3], 'username') == 0 or account ~= ARGV[6] then return 'no-account' end
  if (tonumber(redis.call('HGET', KEYS[3], 'clearance')) or 1) < tonumber(ARGV[8]) then
    redis.call('HSET', KEYS[3], 'clearance', ARGV[8])
  end
end
redis.call('SET', KEYS[2], ARGV[4], 'EX', ARGV[5])
return 'ok'`);

/**
 * Marks a decided request's notice dismissed (the dashboard no longer shows it), keeping its
 * expiry; a waiting request, or none, is left as it is. KEYS: the account's request. Answers 1
 * when it was marked, else 0.
 */
export const dismissJoin = defineScript<[request: string], [], 0 | 1>(`
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local request = cjson.decode(current)
if request.status == 'pending' or request.dismissed then return 0 end
local ttl = redis.call('TTL', KEYS[1])
request.dismissed = true
if ttl > 0 then
  redis.call('SET', KEYS[1], cjson.encode(request), 'EX', ttl)
else
  redis.call('SET', KEYS[1], cjson.encode(request))
end
return 1`);
