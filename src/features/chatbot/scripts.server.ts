// The chatbot's Lua: a question is counted only when the rate limit and every daily cap allow it,
// reserving its worst case on the day's token totals (daily-cap counters, so each expires) until
// the model's own count replaces it, and a signed-in visitor's conversations share one expiry,
// refreshed on every read and write.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { defineScript } from '../../server/scripts/script.ts';
import type { DailyCaps } from './logic.ts';

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

/** Adds `tokens` (less than none gives back a reserve) to each of the day's token counters: the site's, the address's and, when signed in, the account's. */
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

// ----- Conversations: an index by when each last changed, the titles and the messages -----

type ConversationKeys = 'index' | 'titles' | 'messages';

const REFRESH = `
for _, key in ipairs({K.index, K.titles, K.messages}) do redis.call('EXPIRE', key, A.ttl) end`;

/** The list, newest first, with the expiry refreshed: each id with its title and when it last changed (ms). */
export const readConversations = defineScript<
  ConversationKeys,
  { ttl: number },
  { id: string; title: string | false; at: string }[] | Record<string, never>
>(
  `
local ids = redis.call('ZREVRANGE', K.index, 0, -1, 'WITHSCORES')
local list = {}
for i = 1, #ids, 2 do
  list[#list + 1] = {id = ids[i], at = ids[i + 1], title = redis.call('HGET', K.titles, ids[i])}
end
${REFRESH}
return cjson.encode(list)`,
  { json: true },
);

/** One conversation, with the expiry refreshed; 'none' when the account has no such conversation. */
export const readConversation = defineScript<
  ConversationKeys,
  { id: string; ttl: number },
  'none' | { at: string; title: string; messages: string }
>(
  `
local at = redis.call('ZSCORE', K.index, A.id)
if not at then return cjson.encode('none') end
local title = redis.call('HGET', K.titles, A.id) or ''
local messages = redis.call('HGET', K.messages, A.id) or '[]'
${REFRESH}
return cjson.encode({at = at, title = title, messages = messages})`,
  { json: true },
);

/**
 * Saves a conversation whole (new or replacing), marks it changed at `now`, evicts the least
 * recently changed beyond `max`, and refreshes the expiry, atomically.
 */
export const saveConversation = defineScript<
  ConversationKeys,
  { id: string; title: string; messages: string; now: number; ttl: number; max: number },
  'saved'
>(`
redis.call('ZADD', K.index, A.now, A.id)
redis.call('HSET', K.titles, A.id, A.title)
redis.call('HSET', K.messages, A.id, A.messages)
local over = redis.call('ZCARD', K.index) - A.max
if over > 0 then
  local old = redis.call('ZRANGE', K.index, 0, over - 1)
  redis.call('ZREMRANGEBYRANK', K.index, 0, over - 1)
  redis.call('HDEL', K.titles, unpack(old))
  redis.call('HDEL', K.messages, unpack(old))
end
${REFRESH}
return 'saved'`);

/** Renames a conversation and refreshes the expiry: when it last changed (ms), or 'none'. */
export const renameConversation = defineScript<
  ConversationKeys,
  { id: string; title: string; ttl: number },
  'none' | `renamed:${string}`
>(`
local at = redis.call('ZSCORE', K.index, A.id)
if not at then return 'none' end
redis.call('HSET', K.titles, A.id, A.title)
${REFRESH}
return 'renamed:' .. at`);

/** Deletes a conversation and refreshes the expiry of the rest. */
export const deleteConversation = defineScript<ConversationKeys, { id: string; ttl: number }, 'deleted' | 'none'>(`
if redis.call('ZREM', K.index, A.id) == 0 then return 'none' end
redis.call('HDEL', K.titles, A.id)
redis.call('HDEL', K.messages, A.id)
${REFRESH}
return 'deleted'`);
