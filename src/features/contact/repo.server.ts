// Contact messages in Redis: a hash per message and a sorted set of ids by time.
import { dailyCounter } from '../../server/daily-cap.ts';
import { type Delivery, MAIL_CAP_NOTE, MAIL_COUNTERS, mailCaps } from '../../server/mail.ts';
import { type Attempt, attemptCounter, scaledForLocalRun } from '../../server/rate-limit.ts';
import { newestHashes, redis } from '../../server/redis.ts';
import { TRIM_BATCH, retention } from '../../server/retention.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { contactKeys } from './keys.server.ts';
import * as scripts from './scripts.server.ts';
import { MAX_KEPT_MESSAGES, MESSAGE_RETENTION_DAYS } from './logic.ts';
import type { ContactRequest } from './schema.ts';

export interface StoredMessage extends ContactRequest {
  id: string;
  createdAt: string;
  delivery: Delivery;
  /** Resend's id for a delivered mail, or why it was not delivered. */
  deliveryNote: string;
}

/** The daily counter of stored contact messages (src/server/daily-cap.ts). */
export const MESSAGES_COUNTER = 'contact-messages';

export type StoreOutcome = { stored: 'send' | 'mail-cap' } | { limitedFor: number } | { full: true };

/**
 * Stores a new message unless the sender is over the rate limit or the site over its daily cap of
 * `messagesPerDay`, in one round trip. The same step counts its mail against the day's budget of
 * contact mail, or records the mail as not sent ('mail-cap'); it gives the message its expiry
 * (MESSAGE_RETENTION_DAYS), and trims from the index a batch of messages older than that, or
 * beyond the newest MAX_KEPT_MESSAGES.
 */
export async function storeMessage(
  message: StoredMessage,
  attempt: Attempt,
  messagesPerDay: number,
): Promise<StoreOutcome> {
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter(attempt);
  const [dayMessages, dayTtl] = dailyCounter(MESSAGES_COUNTER);
  const [dayMail] = dailyCounter(MAIL_COUNTERS.contact);
  const { cutoff, ttlSeconds } = retention(MESSAGE_RETENTION_DAYS);
  const reply = await scripts.storeMessage.counted.run(
    {
      attempts,
      dayMessages,
      dayMail,
      message: contactKeys.message(message.id),
      index: contactKeys.messages(),
    },
    {
      attemptsMax,
      attemptsWindow,
      messageCap: scaledForLocalRun(messagesPerDay),
      mailCap: mailCaps().contact,
      dayTtl,
      note: `${MAIL_CAP_NOTE} (contact mail)`,
      score: Date.parse(message.createdAt),
      id: message.id,
      messageKeyPrefix: contactKeys.message(''),
      cutoff,
      retentionSeconds: ttlSeconds,
      trimBatch: TRIM_BATCH,
      mostKept: MAX_KEPT_MESSAGES,
      fields: Object.entries(message).flat(),
    },
  );
  switch (reply) {
    case 'send':
    case 'mail-cap':
      return { stored: reply };
    case 'full':
      return { full: true };
    default:
      return { limitedFor: secondsToWait(reply) };
  }
}

/** Records how the mail for a stored message went. */
export async function recordDelivery(id: string, delivery: Delivery, deliveryNote: string): Promise<void> {
  await redis().hset(contactKeys.message(id), { delivery, deliveryNote });
}

/** Lists stored messages, newest first (two round trips: the ids, then every message at once). */
export async function listMessages(limit: number): Promise<StoredMessage[]> {
  return (await newestHashes(contactKeys.messages(), contactKeys.message, limit)) as unknown as StoredMessage[];
}
