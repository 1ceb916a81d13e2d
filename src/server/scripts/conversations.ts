// A signed-in visitor's chatbot conversations (src/features/chatbot/conversations.server.ts): an
// index (a sorted set of ids by when each last changed), their titles and their messages (hashes
// by id), all three under the account's key and given the same expiry on every read and write, so
// none outlives the others and the index never points at what has gone. Each script is one round
// trip; KEYS are always the index, the titles and the messages.
import { defineScript } from './script.ts';

type ConversationKeys = [index: string, titles: string, messages: string];

const REFRESH = (ttl: string) => `
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ${ttl}) end`;

/** Reads the list, newest first, and refreshes the expiry. ARGV: ttl seconds. Answers [id, score, …] and [id, title, …]. */
export const readConversations = defineScript<ConversationKeys, [ttlSeconds: number], [string[], string[]]>(`
local ids = redis.call('ZREVRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local titles = redis.call('HGETALL', KEYS[2])
${REFRESH('ARGV[1]')}
return {ids, titles}`);

/**
 * Reads one conversation and refreshes the expiry. ARGV: id, ttl seconds. Answers [updatedAt,
 * title, messages JSON], or an empty list when the account has no such conversation.
 */
export const readConversation = defineScript<ConversationKeys, [id: string, ttlSeconds: number], string[]>(`
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not at then return {} end
local title = redis.call('HGET', KEYS[2], ARGV[1]) or ''
local messages = redis.call('HGET', KEYS[3], ARGV[1]) or '[]'
${REFRESH('ARGV[2]')}
return {at, title, messages}`);

/**
 * Saves a conversation whole (new or replacing), marks it changed now, evicts the least recently
 * changed beyond the cap, and refreshes the expiry, atomically. ARGV: id, title, messages JSON,
 * now (ms), ttl seconds, most conversations kept. Answers how many were evicted.
 */
export const saveConversation = defineScript<
  ConversationKeys,
  [id: string, title: string, messages: string, now: number, ttlSeconds: number, max: number],
  number
>(`
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[6])
if over > 0 then
  local old = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
  redis.call('HDEL', KEYS[2], unpack(old))
  redis.call('HDEL', KEYS[3], unpack(old))
else
  over = 0
end
${REFRESH('ARGV[5]')}
return over`);

/** Renames a conversation and refreshes the expiry. ARGV: id, title, ttl seconds. Answers its updatedAt, or false when there is none. */
export const renameConversation = defineScript<
  ConversationKeys,
  [id: string, title: string, ttlSeconds: number],
  string | null
>(`
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not at then return false end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
${REFRESH('ARGV[3]')}
return at`);

/** Deletes a conversation and refreshes the expiry of the rest. ARGV: id, ttl seconds. Answers 1, or 0 when there was none. */
export const deleteConversation = defineScript<ConversationKeys, [id: string, ttlSeconds: number], number>(`
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
${REFRESH('ARGV[2]')}
return 1`);
