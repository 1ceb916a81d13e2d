// The chatbot's Lua: a question is counted only when the rate limit and every daily cap allow it,
// reserving its worst case on the day's token totals (daily-cap counters, so each expires) until
// the model's own count replaces it, and a signed-in visitor's conversations share one expiry,
// refreshed on every read and write.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { defineScript } from '../../server/scripts/script.ts';
import type { DailyCaps } from './logic.ts';
import type { KeptMessage } from './schema.ts';

/** A daily cap that refused a question, with its size; or 'ok' with the questions the visitor has left today. */
export type AskWithinCapsReply =
  `ok:${number}` | `${'tokens' | 'questions' | 'visitor' | 'address' | 'visitor-tokens'}:${number}`;

/**
 * After the attempt is counted, unless the site's token or question total, the account's or the
 * address's questions, or the account's or the address's tokens have reached today's cap, counts
 * the question on the day's question counters and reserves `reserve` tokens (the worst case the
 * answer may cost) on its token counters, so questions asked at once cannot spend past the caps
 * together. The account's counters are there when signed in.
 */
export const askWithinCaps = defineLimitedScript<
  'address' | 'questions' | 'tokens' | 'addressTokens' | 'account' | 'accountTokens',
  { dayTtl: number; caps: DailyCaps; reserve: number },
  AskWithinCapsReply
>(`${DAILY_COUNT}
local caps = A.caps
if not has_room(K.tokens, caps.tokens) then return 'tokens:' .. caps.tokens end
if not has_room(K.questions, caps.questions) then return 'questions:' .. caps.questions end
if K.account and not has_room(K.account, caps.visitor) then return 'visitor:' .. caps.visitor end
if not has_room(K.address, caps.visitor) then return (K.account and 'address:' or 'visitor:') .. caps.visitor end
if not has_room(K.addressTokens, caps.visitorTokens) or (K.accountTokens and not has_room(K.accountTokens, caps.visitorTokens)) then
  return 'visitor-tokens:' .. caps.visitorTokens
end
local left = math.min(caps.questions - count_day(K.questions, A.dayTtl), caps.visitor - count_day(K.address, A.dayTtl))
if K.account then left = math.min(left, caps.visitor - count_day(K.account, A.dayTtl)) end
for _, key in ipairs({ K.tokens, K.addressTokens, K.accountTokens or nil }) do count_day(key, A.dayTtl, A.reserve) end
return 'ok:' .. math.max(left, 0)`).counted;

/**
 * Adds `tokens` (less than none gives back a reserve) to each of the day's token counters: the site's, the
 * address's and, when signed in, the account's.
 */
export const addDayTokens = defineScript<
  'site' | 'address' | 'account',
  { dayTtl: number; tokens: number },
  { site: number; visitor: number }
>(
  `${DAILY_COUNT}
local visitor = count_day(K.address, A.dayTtl, A.tokens)
if K.account then visitor = math.max(visitor, count_day(K.account, A.dayTtl, A.tokens)) end
return cjson.encode({site = count_day(K.site, A.dayTtl, A.tokens), visitor = visitor})`,
  { json: true },
);

// ----- Conversations: an index by when each last changed, the titles and the messages, and the bytes kept -----

type ConversationKeys = 'index' | 'titles' | 'messages' | 'accountBytes' | 'siteBytes' | 'lastUsed';
/** Every conversation call's: whose (the account key), when (ms), and the expiry (s). */
interface Use {
  account: string;
  now: number;
  ttl: number;
}

const CONVERSATIONS = `
-- Counts bytes kept (less than none frees them); never below none, for data kept before the count.
local function add_bytes(delta)
  if delta == 0 then return end
  local bytes = redis.call('HINCRBY', K.accountBytes, A.account, delta)
  if bytes < 0 then
    redis.call('HSET', K.accountBytes, A.account, 0)
    delta = delta - bytes
  end
  redis.call('INCRBY', K.siteBytes, delta)
end
-- The account used its conversations: their expiry, and its place among the accounts kept, renewed
-- (a read renews the place only of an account that keeps something).
local function used(wrote)
  for _, key in ipairs({K.index, K.titles, K.messages}) do redis.call('EXPIRE', key, A.ttl) end
  if wrote then redis.call('ZADD', K.lastUsed, A.now, A.account)
  else redis.call('ZADD', K.lastUsed, 'XX', A.now, A.account) end
end`;

/** The list, newest first, with the expiry refreshed: each id with its title and when it last changed (ms). */
export const readConversations = defineScript<
  ConversationKeys,
  Use,
  { id: string; title: string | false; at: string }[] | Record<string, never>
>(
  `${CONVERSATIONS}
local ids = redis.call('ZREVRANGE', K.index, 0, -1, 'WITHSCORES')
local list = {}
for i = 1, #ids, 2 do
  list[#list + 1] = {id = ids[i], at = ids[i + 1], title = redis.call('HGET', K.titles, ids[i])}
end
used(false)
return cjson.encode(list)`,
  { json: true },
);

/** One conversation, with the expiry refreshed; 'none' when the account has no such conversation. */
export const readConversation = defineScript<
  ConversationKeys,
  Use & { id: string },
  'none' | { at: string; title: string; messages: string }
>(
  `${CONVERSATIONS}
local at = redis.call('ZSCORE', K.index, A.id)
if not at then return cjson.encode('none') end
local title = redis.call('HGET', K.titles, A.id) or ''
local messages = redis.call('HGET', K.messages, A.id) or '[]'
used(false)
return cjson.encode({at = at, title = title, messages = messages})`,
  { json: true },
);

/** What keepTurn is given: the conversation, the turn, and the caps it is kept within. */
export interface KeepTurnArgs extends Use {
  id: string;
  /** The title a new conversation takes (one already kept keeps its own). */
  title: string;
  /** The question's message id: every kept message from it on is replaced by the turn. */
  questionId: number;
  turn: [KeptMessage, KeptMessage];
  /** An account last used before this (ms) has had its conversations expire. */
  expiredBefore: number;
  caps: { conversations: number; messages: number; bytes: number; accountBytes: number; siteBytes: number };
}

/**
 * Keeps a question and the server's answer in a conversation (new or kept): the messages from the
 * question's id on are replaced by the turn (an answer asked again), the oldest dropped past the
 * conversation's caps (never leaving an answer without its question: logic.ts keptMessages' rule,
 * which the browser applies to a guest's), the least recently changed
 * conversation evicted past the account's count, and the bytes counted. Refused, with nothing
 * changed, when it would take the account's or the site's bytes past their budget. Accounts whose
 * conversations have expired are first taken off the count (a few each call).
 */
export const keepTurn = defineScript<
  ConversationKeys,
  KeepTurnArgs,
  'kept' | 'account-full' | 'site-full'
>(`${CONVERSATIONS}
local expired = redis.call('ZRANGEBYSCORE', K.lastUsed, '-inf', A.expiredBefore, 'LIMIT', 0, 20)
for _, account in ipairs(expired) do
  redis.call('DECRBY', K.siteBytes, tonumber(redis.call('HGET', K.accountBytes, account) or '0'))
  redis.call('HDEL', K.accountBytes, account)
  redis.call('ZREM', K.lastUsed, account)
end
if redis.call('EXISTS', K.index) == 0 then
  add_bytes(-tonumber(redis.call('HGET', K.accountBytes, A.account) or '0'))
end
local old = redis.call('HGET', K.messages, A.id)
local messages = {}
for i, message in ipairs(old and cjson.decode(old) or {}) do
  message.id = message.id or i
  if message.id < A.questionId then messages[#messages + 1] = message end
end
messages[#messages + 1] = A.turn[1]
messages[#messages + 1] = A.turn[2]
local sizes, bytes = {}, 1
for i, message in ipairs(messages) do
  sizes[i] = #cjson.encode(message) + 1
  bytes = bytes + sizes[i]
end
local first = math.max(1, #messages - A.caps.messages + 1)
for i = 1, first - 1 do bytes = bytes - sizes[i] end
while bytes > A.caps.bytes or (first > 1 and messages[first].from == 'ai') do
  bytes = bytes - sizes[first]
  first = first + 1
end
local kept = {}
for i = first, #messages do kept[#kept + 1] = messages[i] end
local encoded = cjson.encode(kept)
local delta = #encoded - (old and #old or 0)
if delta > 0 then
  if tonumber(redis.call('HGET', K.accountBytes, A.account) or '0') + delta > A.caps.accountBytes then return 'account-full' end
  if tonumber(redis.call('GET', K.siteBytes) or '0') + delta > A.caps.siteBytes then return 'site-full' end
end
redis.call('ZADD', K.index, A.now, A.id)
redis.call('HSETNX', K.titles, A.id, A.title)
redis.call('HSET', K.messages, A.id, encoded)
add_bytes(delta)
local over = redis.call('ZCARD', K.index) - A.caps.conversations
if over > 0 then
  local gone = redis.call('ZRANGE', K.index, 0, over - 1)
  local freed = 0
  for _, id in ipairs(gone) do freed = freed + redis.call('HSTRLEN', K.messages, id) end
  redis.call('ZREMRANGEBYRANK', K.index, 0, over - 1)
  redis.call('HDEL', K.titles, unpack(gone))
  redis.call('HDEL', K.messages, unpack(gone))
  add_bytes(-freed)
end
used(true)
return 'kept'`);

/** Empties a conversation (it stays, with its title), marked changed at `now`: its title and when, or 'none'. */
export const clearConversation = defineScript<
  ConversationKeys,
  Use & { id: string },
  'none' | { title: string; at: number }
>(
  `${CONVERSATIONS}
if not redis.call('ZSCORE', K.index, A.id) then return cjson.encode('none') end
add_bytes(2 - redis.call('HSTRLEN', K.messages, A.id))
redis.call('HSET', K.messages, A.id, '[]')
redis.call('ZADD', K.index, A.now, A.id)
used(true)
return cjson.encode({title = redis.call('HGET', K.titles, A.id) or '', at = A.now})`,
  { json: true },
);

/** Renames a conversation and refreshes the expiry: when it last changed (ms), or 'none'. */
export const renameConversation = defineScript<
  ConversationKeys,
  Use & { id: string; title: string },
  'none' | `renamed:${string}`
>(`${CONVERSATIONS}
local at = redis.call('ZSCORE', K.index, A.id)
if not at then return 'none' end
redis.call('HSET', K.titles, A.id, A.title)
used(false)
return 'renamed:' .. at`);

/** Deletes a conversation, with its bytes, and refreshes the expiry of the rest. */
export const deleteConversation = defineScript<
  ConversationKeys,
  Use & { id: string },
  'deleted' | 'none'
>(`${CONVERSATIONS}
if redis.call('ZREM', K.index, A.id) == 0 then return 'none' end
add_bytes(-redis.call('HSTRLEN', K.messages, A.id))
redis.call('HDEL', K.titles, A.id)
redis.call('HDEL', K.messages, A.id)
used(false)
return 'deleted'`);
