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
  | ['tokens' | 'questions' | 'visitor' | 'address', max: number];

/**
 * Counts a question against the short rate limit (COUNT_ATTEMPT), then, unless the site's token or
 * question total, the account's or the address's questions have reached today's cap, counts it
 * on the day's counters. KEYS: the rate counter, the address's day counter, the site's question
 * and token counters, then the account's day counter when signed in. ARGV: rate max, rate window
 * seconds, the seconds left in the day, the visitor's cap, the site's question cap, the
 * site's token cap. Answers ['ok', questions left] or why not.
 */
export const askWithinCaps = defineScript<
  | [rate: string, address: string, questions: string, tokens: string]
  | [rate: string, address: string, questions: string, tokens: string, account: string],
  [max: number, windowSeconds: number, dayTtl: number, visitorCap: number, questionCap: number, tokenCap: number],
  AskWithinCapsReply
>(`${COUNT_ATTEMPT}${DAILY_COUNT}
local wait = count_attempt()
if wait > 0 then return {'limited', wait} end
local ttl, visitor_cap, question_cap, token_cap = ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
if not has_room(KEYS[4], token_cap) then return {'tokens', token_cap} end
if not has_room(KEYS[3], question_cap) then return {'questions', question_cap} end
if KEYS[5] and not has_room(KEYS[5], visitor_cap) then return {'visitor', visitor_cap} end
if not has_room(KEYS[2], visitor_cap) then return {KEYS[5] and 'address' or 'visitor', visitor_cap} end
local left = math.min(question_cap - count_day(KEYS[3], ttl), visitor_cap - count_day(KEYS[2], ttl))
if KEYS[5] then left = math.min(left, visitor_cap - count_day(KEYS[5], ttl)) end
return {'ok', math.max(left, 0)}`);

/** Adds ARGV[2] tokens to the day's token counter KEYS[1], which expires in ARGV[1] seconds. Answers the new total. */
export const addDayTokens = defineScript<[tokens: string], [dayTtl: number, tokens: number], number>(
  `${DAILY_COUNT}return count_day(KEYS[1], ARGV[1], ARGV[2])`,
);
