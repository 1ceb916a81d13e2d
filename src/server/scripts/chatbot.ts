// The chatbot's spending caps (src/features/chatbot): a question is counted only when the short
// rate limit and every daily cap allow it, and the model's tokens are added to the day's total.
// Every counter is created with its expiry in the same atomic step, so none can live without one.
import { COUNT_ATTEMPT } from './rate-limit.ts';
import { defineScript } from './script.ts';

/** Why a question was refused, or 'ok' with the questions the visitor has left today. */
export type AskWithinCapsReply =
  | ['ok', remaining: number]
  | ['limited', waitSeconds: number]
  | ['tokens' | 'questions' | 'visitor' | 'address', max: number];

/**
 * Counts a question against the short rate limit (COUNT_ATTEMPT), then, unless the site's token or
 * question total, the account's or the address's questions have reached today's cap, counts it
 * on the day's counters. KEYS: the rate counter, the address's day counter, the site's question
 * and token counters, then the account's day counter when signed in. ARGV: rate max, rate window
 * seconds, the day counters' expiry in seconds, the visitor's cap, the site's question cap, the
 * site's token cap. Answers ['ok', questions left] or why not.
 */
export const askWithinCaps = defineScript<
  | [rate: string, address: string, questions: string, tokens: string]
  | [rate: string, address: string, questions: string, tokens: string, account: string],
  [max: number, windowSeconds: number, dayTtl: number, visitorCap: number, questionCap: number, tokenCap: number],
  AskWithinCapsReply
>(`${COUNT_ATTEMPT}
local wait = count_attempt()
if wait > 0 then return {'limited', wait} end
local function used(key) return tonumber(redis.call('GET', key) or '0') end
local visitor_cap, question_cap, token_cap = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
if used(KEYS[4]) >= token_cap then return {'tokens', token_cap} end
local questions = used(KEYS[3])
if questions >= question_cap then return {'questions', question_cap} end
local mine = 0
if KEYS[5] then
  mine = used(KEYS[5])
  if mine >= visitor_cap then return {'visitor', visitor_cap} end
end
local by_address = used(KEYS[2])
if by_address >= visitor_cap then return {KEYS[5] and 'address' or 'visitor', visitor_cap} end
local function count(key)
  redis.call('SET', key, 0, 'NX', 'EX', ARGV[3])
  return redis.call('INCR', key)
end
local left = math.min(question_cap - count(KEYS[3]), visitor_cap - count(KEYS[2]))
if KEYS[5] then left = math.min(left, visitor_cap - count(KEYS[5])) end
return {'ok', math.max(left, 0)}`);

/** Adds ARGV[2] tokens to the day's token counter KEYS[1], created with ARGV[1] seconds to live. Answers the new total. */
export const addDayTokens = defineScript<[tokens: string], [dayTtl: number, tokens: number], number>(`
redis.call('SET', KEYS[1], 0, 'NX', 'EX', ARGV[1])
return redis.call('INCRBY', KEYS[1], ARGV[2])`);
