// Contact messages: a message is stored only within the sender's rate limit
// and the site's daily cap on stored messages, and its mail to the owner only within the day's
// budget of contact mail; over it the message is still stored, its mail recorded as not sent.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { PAGE_IDS, type pageArgs } from '../../server/scripts/page.ts';
import { TRIM_INDEX } from '../../server/scripts/retention.ts';

/** Stored with its mail to send, stored with its mail over the cap, or not stored: the day is full. */
export type StoreMessageReply = 'send' | 'mail-cap' | 'full';

/**
 * Stores the message when the day's message counter has room, counting it, and counts its mail
 * when the day's mail counter has room (else records the mail as not sent, with `note`). The
 * message expires with its retention, and the index sheds (trim_index) a batch of messages older
 * than the retention or beyond the most kept. A new message is unread until the owner reads it.
 * Run counted, within the sender's rate limit.
 */
export const storeMessage = defineLimitedScript<
  'dayMessages' | 'dayMail' | 'message' | 'index' | 'unread',
  {
    messageCap: number;
    mailCap: number;
    dayTtl: number;
    note: string;
    score: number;
    id: string;
    messageKeyPrefix: string;
    cutoff: number;
    retentionSeconds: number;
    trimBatch: number;
    mostKept: number;
    fields: string[];
  },
  StoreMessageReply
>(`${DAILY_COUNT}${TRIM_INDEX}
if not has_room(K.dayMessages, A.messageCap) then return 'full' end
count_day(K.dayMessages, A.dayTtl)
redis.call('HSET', K.message, unpack(A.fields))
redis.call('EXPIRE', K.message, A.retentionSeconds)
redis.call('ZADD', K.index, A.score, A.id)
redis.call('ZADD', K.unread, A.score, A.id)
trim_index(K.index, A.messageKeyPrefix, A.cutoff, A.trimBatch, A.mostKept)
redis.call('ZREMRANGEBYSCORE', K.unread, '-inf', '(' .. A.cutoff)
redis.call('ZREMRANGEBYRANK', K.unread, 0, -A.mostKept - 1)
if not has_room(K.dayMail, A.mailCap) then
  redis.call('HSET', K.message, 'delivery', 'not-sent', 'deliveryNote', A.note)
  return 'mail-cap'
end
count_day(K.dayMail, A.dayTtl)
return 'send'`);

/**
 * One message as the owner's inbox shows it: id, sender, subject, text, createdAt, delivery, its note, '1' when unread.
 */
export type MessageRow = [
  id: string,
  senderEmail: string,
  emailSubject: string,
  emailText: string,
  createdAt: string,
  delivery: string,
  deliveryNote: string,
  unread: '1' | '0',
];

/**
 * Reads one page of messages, newest first (src/server/scripts/page.ts), none created before
 * `cutoff`, with how many the owner has not read.
 */
export const readMessagePage = defineLimitedScript<
  'index' | 'unread',
  ReturnType<typeof pageArgs> & { messageKeyPrefix: string },
  { more: boolean; messages: MessageRow[] | Record<string, never>; unread: number }
>(
  `${PAGE_IDS}
local ids = page_ids(K.index, A.cutoff, A.beforeScore, A.beforeId, A.pageSize)
local page = {}
for i = 1, math.min(A.pageSize, #ids) do
  local f = redis.call('HMGET', A.messageKeyPrefix .. ids[i], 'senderEmail', 'emailSubject', 'emailText', 'createdAt', 'delivery', 'deliveryNote')
  local unread = redis.call('ZSCORE', K.unread, ids[i]) and '1' or '0'
  page[#page + 1] = {ids[i], f[1] or '', f[2] or '', f[3] or '', f[4] or '', f[5] or '', f[6] or '', unread}
end
return cjson.encode({more = #ids > A.pageSize, messages = page, unread = redis.call('ZCOUNT', K.unread, A.cutoff, '+inf')})`,
  { json: true },
);

/** Marks a kept message read or unread; answers how many are unread, or 'gone' when there is no such message. */
export const markMessage = defineLimitedScript<
  'index' | 'unread',
  { id: string; read: boolean; cutoff: number },
  number | 'gone'
>(`
local score = redis.call('ZSCORE', K.index, A.id)
if not score or tonumber(score) < A.cutoff then return 'gone' end
if A.read then redis.call('ZREM', K.unread, A.id) else redis.call('ZADD', K.unread, score, A.id) end
return redis.call('ZCOUNT', K.unread, A.cutoff, '+inf')`);
