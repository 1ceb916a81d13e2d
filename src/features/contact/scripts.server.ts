// Contact messages (src/features/contact): a message is stored only within the sender's rate limit
// and the site's daily cap on stored messages, and its mail to the owner only within the day's
// budget of contact mail; over it the message is still stored, its mail recorded as not sent.
// Messages are kept for their retention, and at most the most kept (src/features/contact/logic.ts).
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { COUNT_ATTEMPT } from '../../server/scripts/rate-limit.ts';
import { TRIM_INDEX } from '../../server/scripts/retention.ts';
import { defineScript } from '../../server/scripts/script.ts';

/** 'stored' with 'send' or 'mail-cap', or why the message was not stored. */
export type StoreMessageReply = ['stored', mail: 'send' | 'mail-cap'] | ['limited', waitSeconds: number] | ['full'];

/**
 * Counts the attempt against the sender's rate limit, then stores the message when the day's
 * message counter has room, counting it, and counts its mail when the day's mail counter has room
 * (else records the mail as not sent, with the note). The message expires with its retention, and
 * the index sheds (trim_index) a batch of messages older than the retention or beyond the most kept.
 * KEYS: the rate counter, the day's message counter, the day's mail counter, the message hash, the
 * index. ARGV: max, window seconds, the message cap, the mail cap, the seconds left in the day, the
 * note, the score, the message id, the message key prefix (keys.contactMessage of ''), the
 * retention's cutoff (ms) and seconds, the trim batch, the most messages kept, then the message's
 * field/value pairs.
 */
export const storeMessage = defineScript<
  [counter: string, dayMessages: string, dayMail: string, message: string, index: string],
  [
    max: number,
    windowSeconds: number,
    messageCap: number,
    mailCap: number,
    dayTtl: number,
    note: string,
    score: number,
    id: string,
    messageKeyPrefix: string,
    cutoff: number,
    retentionSeconds: number,
    trimBatch: number,
    mostKept: number,
    ...fields: string[],
  ],
  StoreMessageReply
>(`${COUNT_ATTEMPT}${DAILY_COUNT}${TRIM_INDEX}
local wait = count_attempt()
if wait > 0 then return {'limited', wait} end
if not has_room(KEYS[2], ARGV[3]) then return {'full'} end
count_day(KEYS[2], ARGV[5])
redis.call('HSET', KEYS[4], unpack(ARGV, 14))
redis.call('EXPIRE', KEYS[4], ARGV[11])
redis.call('ZADD', KEYS[5], ARGV[7], ARGV[8])
trim_index(KEYS[5], ARGV[9], ARGV[10], ARGV[12], ARGV[13])
if not has_room(KEYS[3], ARGV[4]) then
  redis.call('HSET', KEYS[4], 'delivery', 'not-sent', 'deliveryNote', ARGV[6])
  return {'stored', 'mail-cap'}
end
count_day(KEYS[3], ARGV[5])
return {'stored', 'send'}`);
