// The chatbot's spending caps (src/features/chatbot): a question is counted only when the short
// rate limit and every daily cap allow it, and the model's tokens are added to the day's total.
// The day counters are the shared daily-cap counters (DAILY_COUNT), so none can live without an expiry.
import { DAILY_COUNT } from './daily-cap.ts';
import { COUNT_ATTEMPT } from './rate-limit.ts';
import { defineScript } from './script.ts';

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
