// Contact messages: a message is stored only within the sender's rate limit
// and the site's daily cap on stored messages, and its mail to the owner only within the day's
// budget of contact mail; over it the message is still stored, its mail recorded as not sent.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { TRIM_INDEX } from '../../server/scripts/retention.ts';

/** Stored with its mail to send, stored with its mail over the cap, or not stored: the day is full. */
export type StoreMessageReply = 'send' | 'mail-cap' | 'full';

/**
 * Stores the message when the day's message counter has room, counting it, and counts its mail
 * when the day's mail counter has room (else records the mail as not sent, with `note`). The
 * message expires with its retention, and the index sheds (trim_index) a batch of messages older
 * than the retention or beyond the most kept. Run counted, within the sender's rate limit.
 */
export const storeMessage = defineLimitedScript<
  'dayMessages' | 'dayMail' | 'message' | 'index',
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
trim_index(K.index, A.messageKeyPrefix, A.cutoff, A.trimBatch, A.mostKept)
if not has_room(K.dayMail, A.mailCap) then
  redis.call('HSET', K.message, 'delivery', 'not-sent', 'deliveryNote', A.note)
  return 'mail-cap'
end
count_day(K.dayMail, A.dayTtl)
return 'send'`);
