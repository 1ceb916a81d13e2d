// The chatbot's Lua: a question is counted only when the rate limit and every daily cap allow it,
// the model's tokens are added to the day's totals (daily-cap counters, so each expires), and a
// signed-in visitor's conversations share one expiry, refreshed on every read and write.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { COUNT_ATTEMPT } from '../../server/scripts/rate-limit.ts';
import { defineScript } from '../../server/scripts/script.ts';

/** Why a question was refused, or 'ok' with the questions the visitor has left today. */
export type AskWithinCapsReply =
  | ['ok', remaining: number]
  | ['limited', waitSeconds: number]
  | ['tokens' | 'questions' | 'visitor' | 'address' | 'visitor-tokens', max: number];

/**
 * Counts a question against the short rate limit (COUNT_ATTEMPT), then, unless the site's token or
 * question total, the account's or the address's questions, or the account's or the address's
 * tokens have reached today's cap, counts it on the day's question counters. KEYS: the rate
 * counter, the address's question counter, the site's question and token counters, the address's
 * token counter, then the account's question and token counters when signed in. ARGV: rate max,
 * rate window seconds, the seconds left in the day, the visitor's question cap, the site's question
 * cap, the site's token cap, the visitor's token cap. Answers ['ok', questions left] or why not.
 */
export const askWithinCaps = defineScript<
  | [rate: string, address: string, questions: string, tokens: string, addressTokens: string]
  | [
      rate: string,
      address: string,
      questions: string,
      tokens: string,
      addressTokens: string,
      account: string,
      accountTokens: string,
    ],
  [
    max: number,
    windowSeconds: number,
    dayTtl: number,
    visitorCap: number,
    questionCap: number,
    tokenCap: number,
    visitorTokenCap: number,
  ],
  AskWithinCapsReply
>(`${COUNT_ATTEMPT}${DAILY_COUNT}
local wait = count_attempt()
if wait > 0 then return {'limited', wait} end
local ttl, visitor_cap, question_cap, token_cap = ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local visitor_tokens = tonumber(ARGV[7])
if not has_room(KEYS[4], token_cap) then return {'tokens', token_cap} end
if not has_room(KEYS[3], question_cap) then return {'questions', question_cap} end
if KEYS[6] and not has_room(KEYS[6], visitor_cap) then return {'visitor', visitor_cap} end
if not has_room(KEYS[2], visitor_cap) then return {KEYS[6] and 'address' or 'visitor', visitor_cap} end
if not has_room(KEYS[5], visitor_tokens) or (KEYS[7] and not has_room(KEYS[7], visitor_tokens)) then
  return {'visitor-tokens', visitor_tokens}
end
local left = math.min(question_cap - count_day(KEYS[3], ttl), visitor_cap - count_day(KEYS[2], ttl))
if KEYS[6] then left = math.min(left, visitor_cap - count_day(KEYS[6], ttl)) end
return {'ok', math.max(left, 0)}`);

/**
 * Adds ARGV[2] tokens to each day's token counter in KEYS (the site's, then the asker's address's
 * and account's), each expiring in ARGV[1] seconds. Answers the site's new total and the highest
 * of the asker's.
 */
export const addDayTokens = defineScript<
  [site: string, address: string] | [site: string, address: string, account: string],
  [dayTtl: number, tokens: number],
  [site: number, visitor: number]
>(`${DAILY_COUNT}
local visitor = 0
for i = 2, #KEYS do visitor = math.max(visitor, count_day(KEYS[i], ARGV[1], ARGV[2])) end
return {count_day(KEYS[1], ARGV[1], ARGV[2]), visitor}`);

// ----- Conversations: KEYS are always the index, the titles and the messages -----

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
