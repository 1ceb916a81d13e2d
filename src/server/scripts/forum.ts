// The forum (src/features/forum): messages keep the store's order of arrival, only a message's
// author (or a moderator) deletes it, an edit replaces exactly the message it was checked against,
// every change raises the forum's version, which the page polls cheaply, and a message is kept
// for the forum's retention (src/features/forum/logic.ts): each post removes a batch of the oldest
// that are older, and a page lists none of them meanwhile. A message's JSON holds its createdAt
// (ISO 8601, UTC, as toISOString writes it, so strings compare as times do).
import { DAILY_COUNT } from './daily-cap.ts';
import { defineScript } from './script.ts';

/**
 * Appends a message at the end of the forum, its place taken from the sequence, when the author's
 * day's post counter has room, counting it; then removes the oldest messages created before the
 * cutoff, at most a batch, stopping at the first younger one (the index is in order of arrival).
 * KEYS: the sequence, the messages hash, the authors hash, the index, the author's day's post
 * counter, the version. ARGV: id, JSON message, the author's account key, the daily cap, the
 * seconds left in the day, the cutoff (ISO 8601), the batch. Answers its place, or 0 when the
 * author is over the cap.
 */
export const appendMessage = defineScript<
  [sequence: string, messages: string, authors: string, index: string, dayPosts: string, version: string],
  [id: string, json: string, authorKey: string, perDay: number, dayTtl: number, cutoff: string, batch: number],
  number
>(`${DAILY_COUNT}
if not has_room(KEYS[5], ARGV[4]) then return 0 end
count_day(KEYS[5], ARGV[5])
local place = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[4], place, ARGV[1])
redis.call('INCR', KEYS[6])
local oldest = redis.call('ZRANGE', KEYS[4], 0, tonumber(ARGV[7]) - 1)
for i = 1, #oldest do
  local json = redis.call('HGET', KEYS[2], oldest[i])
  local created = json and cjson.decode(json).createdAt
  if type(created) == 'string' and created >= ARGV[6] then break end
  redis.call('HDEL', KEYS[2], oldest[i])
  redis.call('HDEL', KEYS[3], oldest[i])
  redis.call('ZREM', KEYS[4], oldest[i])
end
return place`);

/**
 * One page of messages, newest first: at most ARGV[1] of them placed below ARGV[2] ('+inf' for the
 * newest, '(<place>' for those older than a place), none created before the cutoff ARGV[3] (ISO
 * 8601: the next post removes them; the page ends at the first). KEYS: the index, the messages
 * hash, the version, the authors hash. Answers {version, '1' when older ones remain else '0', then
 * JSON, place and author key ('' when unknown) of each}.
 */
export const messagesPage = defineScript<
  [index: string, messages: string, version: string, authors: string],
  [count: number, below: string, cutoff: string],
  string[]
>(`
local wanted = tonumber(ARGV[1])
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
    reply[#reply + 1] = messages[i]
    reply[#reply + 1] = rows[2 * i]
    reply[#reply + 1] = authors[i] or ''
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
 * raising the version. KEYS: the messages hash, the authors hash, the index, the version. ARGV: id,
 * author's account key, moderator flag. Answers 1 deleted, 0 unknown, -1 not theirs.
 */
export const deleteMessage = defineScript<
  [messages: string, authors: string, index: string, version: string],
  [id: string, authorKey: string, asModerator: '1' | '0'],
  1 | 0 | -1
>(`
local author = redis.call('HGET', KEYS[2], ARGV[1])
if not author then return 0 end
if ARGV[3] ~= '1' and author ~= ARGV[2] then return -1 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('INCR', KEYS[4])
return 1`);
