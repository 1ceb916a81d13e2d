// The forum's Lua. Messages keep the store's order of arrival; every change raises the version the
// page polls; each post trims a batch of messages older than POST_RETENTION_DAYS, which no page
// lists meanwhile (createdAt is ISO 8601 UTC, so strings compare as times do). Replies share the
// messages' hashes (their JSON names `replyTo`) and are listed in their thread; a thread and a
// message's reactions go with it. Their keys are known only once an id is read: scripts get prefixes.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { COUNT_IN } from '../../server/scripts/rate-limit.ts';
import { defineScript } from '../../server/scripts/script.ts';

/**
 * Lua defining `remove_message(posts, authors, index, replies_prefix, reactions_prefix, id)`:
 * removes a message, its reactions and, for a top-level message, every reply in its thread with
 * their reactions (a thread holds at most MAX_REPLIES, so the work is bounded). A reply leaves its
 * thread. Answers how many replies went with it.
 */
const REMOVE_MESSAGE = `
local function remove_message(posts, authors, index, replies_prefix, reactions_prefix, id)
  local json = redis.call('HGET', posts, id)
  local parent = json and cjson.decode(json).replyTo
  local removed = 0
  if type(parent) == 'string' then
    redis.call('ZREM', replies_prefix .. parent, id)
  else
    local thread = replies_prefix .. id
    local replies = redis.call('ZRANGE', thread, 0, -1)
    removed = #replies
    if removed > 0 then
      redis.call('HDEL', posts, unpack(replies))
      redis.call('HDEL', authors, unpack(replies))
      for i = 1, removed do redis.call('DEL', reactions_prefix .. replies[i]) end
    end
    redis.call('DEL', thread)
    redis.call('ZREM', index, id)
  end
  redis.call('HDEL', posts, id)
  redis.call('HDEL', authors, id)
  redis.call('DEL', reactions_prefix .. id)
  return removed
end
`;

/**
 * Lua defining `reactions_into(reply, key, reader, first, last)`: appends to `reply` each
 * reaction's count in the hash `key` (0 for none), then 1 or 0 for each, whether `reader` (an
 * account key; '' for nobody) gave it. The reactions are ARGV[first..last].
 */
const REACTIONS_INTO = `
local function reactions_into(reply, key, reader, first, last)
  local fields = {}
  for i = first, last do fields[#fields + 1] = ARGV[i] end
  local count = #fields
  for i = 1, count do fields[count + i] = fields[i] .. '\\n' .. reader end
  local got = redis.call('HMGET', key, unpack(fields))
  for i = 1, count do reply[#reply + 1] = tonumber(got[i]) or 0 end
  for i = 1, count do reply[#reply + 1] = (reader ~= '' and got[count + i]) and 1 or 0 end
end
`;

/** Lua defining `kept(json, cutoff)`: whether a message's JSON (false when missing) was created at or after the cutoff. */
const KEPT = `
local function kept(json, cutoff)
  if not json then return false end
  local created = cjson.decode(json).createdAt
  return type(created) ~= 'string' or created >= cutoff
end
`;

/**
 * Appends a message at the end of the forum, or a reply at the end of its thread, its place taken
 * from the sequence, when the author's day's post counter has room, counting it; then removes the
 * oldest top-level messages created before the cutoff, with their replies, at most a batch,
 * stopping at the first younger one (the index is in order of arrival).
 * KEYS: the sequence, the messages hash, the authors hash, the index, the author's day's post
 * counter, the version. ARGV: id, JSON message, the author's account key, the daily cap, the
 * seconds left in the day, the cutoff (ISO 8601), the batch, the top-level message it replies to
 * ('' for a top-level message), the replies prefix, the reactions prefix, the most replies a thread
 * takes. Answers its place; 0 when the author is over the cap, -1 when the message replied to is
 * gone (or too old to be kept), -2 when its thread is full.
 */
export const appendMessage = defineScript<
  [sequence: string, messages: string, authors: string, index: string, dayPosts: string, version: string],
  [
    id: string,
    json: string,
    authorKey: string,
    perDay: number,
    dayTtl: number,
    cutoff: string,
    batch: number,
    replyTo: string,
    repliesPrefix: string,
    reactionsPrefix: string,
    maxReplies: number,
  ],
  number
>(`${DAILY_COUNT}${REMOVE_MESSAGE}${KEPT}
local parent = ARGV[8]
local thread = ARGV[9] .. parent
if parent ~= '' then
  if not kept(redis.call('HGET', KEYS[2], parent), ARGV[6]) then return -1 end
  if redis.call('ZCARD', thread) >= tonumber(ARGV[11]) then return -2 end
end
if not has_room(KEYS[5], ARGV[4]) then return 0 end
count_day(KEYS[5], ARGV[5])
local place = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
if parent ~= '' then
  redis.call('ZADD', thread, place, ARGV[1])
else
  redis.call('ZADD', KEYS[4], place, ARGV[1])
end
redis.call('INCR', KEYS[6])
local oldest = redis.call('ZRANGE', KEYS[4], 0, tonumber(ARGV[7]) - 1)
for i = 1, #oldest do
  local json = redis.call('HGET', KEYS[2], oldest[i])
  local created = json and cjson.decode(json).createdAt
  if type(created) == 'string' and created >= ARGV[6] then break end
  remove_message(KEYS[2], KEYS[3], KEYS[4], ARGV[9], ARGV[10], oldest[i])
end
return place`);

/**
 * One page of top-level messages, newest first, each with its first replies (oldest first) and
 * every reaction count with the reader's own: at most ARGV[1] messages placed below ARGV[2]
 * ('+inf' for the newest, '(<place>' for those older than a place), none created before the cutoff
 * ARGV[3] (ISO 8601: the next post removes them; the page ends at the first). KEYS: the index,
 * the messages hash, the version, the authors hash. ARGV, after those three: the replies prefix,
 * the reactions prefix, the reader's account key ('' for none), how many replies come with a
 * message, then the reactions. Answers {version, '1' when older ones remain else '0', then for
 * each message: JSON, place, author key ('' when unknown), its reply count, each reaction's count,
 * 1 or 0 for each the reader gave, how many replies follow, then for each of those: JSON, place,
 * author key, the counts and the reader's}.
 */
export const messagesPage = defineScript<
  [index: string, messages: string, version: string, authors: string],
  [
    count: number,
    below: string,
    cutoff: string,
    repliesPrefix: string,
    reactionsPrefix: string,
    reader: string,
    repliesShown: number,
    ...reactions: string[],
  ],
  (string | number)[]
>(`${REACTIONS_INTO}
local wanted = tonumber(ARGV[1])
local replies_prefix, reactions_prefix, reader, shown = ARGV[4], ARGV[5], ARGV[6], tonumber(ARGV[7])
local rows = redis.call('ZREVRANGEBYSCORE', KEYS[1], ARGV[2], '-inf', 'WITHSCORES', 'LIMIT', 0, wanted + 1)
local found = math.floor(#rows / 2)
local reply = {redis.call('GET', KEYS[3]) or '0', '0'}
if found == 0 then return reply end
local ids = {}
for i = 1, found do ids[i] = rows[2 * i - 1] end
local messages = redis.call('HMGET', KEYS[2], unpack(ids))
local authors = redis.call('HMGET', KEYS[4], unpack(ids))
for i = 1, found do
  local created = messages[i] and cjson.decode(messages[i]).createdAt
  if type(created) == 'string' and created < ARGV[3] then break end
  if i > wanted then
    reply[2] = '1'
  elseif messages[i] then
    local thread = replies_prefix .. ids[i]
    reply[#reply + 1] = messages[i]
    reply[#reply + 1] = rows[2 * i]
    reply[#reply + 1] = authors[i] or ''
    reply[#reply + 1] = redis.call('ZCARD', thread)
    reactions_into(reply, reactions_prefix .. ids[i], reader, 8, #ARGV)
    local first = shown > 0 and redis.call('ZRANGE', thread, 0, shown - 1, 'WITHSCORES') or {}
    local at = #reply + 1
    reply[at] = 0
    if #first > 0 then
      local reply_ids = {}
      for j = 1, #first / 2 do reply_ids[j] = first[2 * j - 1] end
      local texts = redis.call('HMGET', KEYS[2], unpack(reply_ids))
      local reply_authors = redis.call('HMGET', KEYS[4], unpack(reply_ids))
      for j = 1, #reply_ids do
        if texts[j] then
          reply[at] = reply[at] + 1
          reply[#reply + 1] = texts[j]
          reply[#reply + 1] = first[2 * j]
          reply[#reply + 1] = reply_authors[j] or ''
          reactions_into(reply, reactions_prefix .. reply_ids[j], reader, 8, #ARGV)
        end
      end
    end
  end
end
return reply`);

/**
 * A page of one thread's replies, oldest first: at most ARGV[2] placed after ARGV[1] ('(<place>',
 * or '-inf' from the first), each with every reaction count and the reader's own. KEYS: the
 * messages hash, the authors hash, the thread (its replies). ARGV, after those two: the top-level
 * message's id, the cutoff (ISO 8601), the reactions prefix, the reader's account key ('' for
 * none), then the reactions. Answers {-1} when the message is gone (or not kept), else {its reply
 * count, '1' when later ones remain else '0', then for each reply: JSON, place, author key, the
 * counts and the reader's}.
 */
export const repliesPage = defineScript<
  [messages: string, authors: string, thread: string],
  [
    after: string,
    count: number,
    parent: string,
    cutoff: string,
    reactionsPrefix: string,
    reader: string,
    ...reactions: string[],
  ],
  (string | number)[]
>(`${REACTIONS_INTO}${KEPT}
local json = redis.call('HGET', KEYS[1], ARGV[3])
if not kept(json, ARGV[4]) or type(cjson.decode(json).replyTo) == 'string' then return {-1} end
local wanted = tonumber(ARGV[2])
local rows = redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[1], '+inf', 'WITHSCORES', 'LIMIT', 0, wanted + 1)
local found = math.floor(#rows / 2)
local reply = {redis.call('ZCARD', KEYS[3]), found > wanted and '1' or '0'}
if found == 0 then return reply end
local ids = {}
for i = 1, math.min(found, wanted) do ids[i] = rows[2 * i - 1] end
local texts = redis.call('HMGET', KEYS[1], unpack(ids))
local authors = redis.call('HMGET', KEYS[2], unpack(ids))
for i = 1, #ids do
  if texts[i] then
    reply[#reply + 1] = texts[i]
    reply[#reply + 1] = rows[2 * i]
    reply[#reply + 1] = authors[i] or ''
    reactions_into(reply, ARGV[5] .. ids[i], ARGV[6], 7, #ARGV)
  end
end
return reply`);

/** The forum's version ('0' before anything was posted). KEYS: the version. */
export const forumVersion = defineScript<[version: string], [], string>(`
return redis.call('GET', KEYS[1]) or '0'`);

/**
 * Replaces a message's JSON with ARGV[3] if it is still ARGV[2] (as the edit read and checked it),
 * raising the version. KEYS: the messages hash, the version. ARGV: id, the JSON read, the new JSON.
 * Answers 1 replaced, 0 changed or deleted since.
 */
export const replaceMessage = defineScript<
  [messages: string, version: string],
  [id: string, read: string, json: string],
  0 | 1
>(`
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('INCR', KEYS[2])
return 1`);

/**
 * Deletes a message if the given author wrote it, or for anyone when ARGV[3] is '1' (a moderator),
 * with its reactions, and a top-level message with its whole thread; raises the version. KEYS: the
 * messages hash, the authors hash, the index, the version. ARGV: id, author's account key,
 * moderator flag, the replies prefix, the reactions prefix. Answers {1, replies removed with it},
 * {0} unknown, {-1} not theirs.
 */
export const deleteMessage = defineScript<
  [messages: string, authors: string, index: string, version: string],
  [id: string, authorKey: string, asModerator: '1' | '0', repliesPrefix: string, reactionsPrefix: string],
  [1, number] | [0] | [-1]
>(`${REMOVE_MESSAGE}
local author = redis.call('HGET', KEYS[2], ARGV[1])
if not author then return {0} end
if ARGV[3] ~= '1' and author ~= ARGV[2] then return {-1} end
local removed = remove_message(KEYS[1], KEYS[2], KEYS[3], ARGV[4], ARGV[5], ARGV[1])
redis.call('INCR', KEYS[4])
return {1, removed}`);

/**
 * Gives (ARGV[4] '1') or takes back ('0') one member's reaction on a message or reply, within the
 * member's rate limit, counted first: each member gives each reaction at most once, and its count
 * is how many gave it. A change raises the version. KEYS: the member's rate-limit counter, the
 * messages hash, the message's reactions, the version. ARGV: the limit's max and window, the
 * message id, the reaction, the member's account key, on, the cutoff (ISO 8601), then every
 * reaction. Answers {seconds to wait} over the limit, {0, -1} for a message gone (or not kept), else
 * {0, 1 when it changed else 0, each reaction's count, 1 or 0 for each the member gave}.
 */
export const react = defineScript<
  [counter: string, messages: string, reactions: string, version: string],
  [
    max: number,
    windowSeconds: number,
    id: string,
    reaction: string,
    member: string,
    on: '1' | '0',
    cutoff: string,
    ...reactions: string[],
  ],
  number[]
>(`${COUNT_IN}${REACTIONS_INTO}${KEPT}
local wait = count_in(KEYS[1], ARGV[1], ARGV[2])
if wait > 0 then return {wait} end
local json = redis.call('HGET', KEYS[2], ARGV[3])
if not kept(json, ARGV[7]) then return {0, -1} end
local mine = ARGV[4] .. '\\n' .. ARGV[5]
local changed = 0
if ARGV[6] == '1' then
  if redis.call('HSETNX', KEYS[3], mine, '1') == 1 then
    redis.call('HINCRBY', KEYS[3], ARGV[4], 1)
    changed = 1
  end
elseif redis.call('HDEL', KEYS[3], mine) == 1 then
  if redis.call('HINCRBY', KEYS[3], ARGV[4], -1) <= 0 then redis.call('HDEL', KEYS[3], ARGV[4]) end
  changed = 1
end
if changed == 1 then redis.call('INCR', KEYS[4]) end
local reply = {0, changed}
reactions_into(reply, KEYS[3], ARGV[5], 8, #ARGV)
return reply`);

// ----- Asking to join: one request per account, the waiting ones also in the owner's list -----

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
