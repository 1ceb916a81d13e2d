// The forum (src/features/forum): messages keep the store's order of arrival, and only a
// message's author (or an admin) deletes it.
import { DAILY_COUNT } from './daily-cap.ts';
import { defineScript } from './script.ts';

/**
 * Appends a message at the end of the forum, its place taken from the sequence, when the author's
 * day's post counter has room, counting it. KEYS: the sequence, the messages hash, the authors
 * hash, the index, the author's day's post counter. ARGV: id, JSON message, author key, the daily
 * cap, the seconds left in the day. Answers its place, or 0 when the author is over the cap.
 */
export const appendMessage = defineScript<
  [sequence: string, messages: string, authors: string, index: string, dayPosts: string],
  [id: string, json: string, authorKey: string, perDay: number, dayTtl: number],
  number
>(`${DAILY_COUNT}
if not has_room(KEYS[5], ARGV[4]) then return 0 end
count_day(KEYS[5], ARGV[5])
local place = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[4], place, ARGV[1])
return place`);

/** The latest messages as JSON, oldest first. KEYS: the index, the messages hash. ARGV: how many. */
export const latestMessages = defineScript<[index: string, messages: string], [count: number], string[]>(`
local ids = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'REV')
if #ids == 0 then return {} end
local found = redis.call('HMGET', KEYS[2], unpack(ids))
local oldest_first = {}
for i = #ids, 1, -1 do
  if found[i] then oldest_first[#oldest_first + 1] = found[i] end
end
return oldest_first`);

/**
 * Deletes a message if the given author wrote it, or for anyone when ARGV[3] is '1' (an admin).
 * KEYS: the messages hash, the authors hash, the index. ARGV: id, author key, admin flag. Answers
 * 1 deleted, 0 unknown, -1 not theirs.
 */
export const deleteOwnMessage = defineScript<
  [messages: string, authors: string, index: string],
  [id: string, authorKey: string, asAdmin: '1' | '0'],
  1 | 0 | -1
>(`
local author = redis.call('HGET', KEYS[2], ARGV[1])
if not author then return 0 end
if ARGV[3] ~= '1' and author ~= ARGV[2] then return -1 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1`);
