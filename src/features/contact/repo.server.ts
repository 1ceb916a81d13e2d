// Contact messages in Redis: a hash per message and a sorted set of ids by time.
import { pageCursor } from '../../lib/page-cursor.ts';
import { type Admin, runAsAdmin } from '../../server/admin-limit.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { type Delivery, MAIL_CAP_NOTE, MAIL_COUNTERS, mailCaps } from '../../server/mail.ts';
import { type Attempt, attemptCounter, scaledForLocalRun } from '../../server/rate-limit.ts';
import { newestHashes, redis } from '../../server/redis.ts';
import { TRIM_BATCH, retention } from '../../server/retention.ts';
import { type PageStart, pageArgs } from '../../server/scripts/page.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { contactKeys } from './keys.server.ts';
import * as scripts from './scripts.server.ts';
import { MAX_KEPT_MESSAGES, MESSAGE_RETENTION_DAYS } from './logic.ts';
import type { ContactRequest, InboxMessage } from './schema.ts';

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
      unread: contactKeys.unread(),
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

/**
 * Reads one page of messages for the owner, newest first, with how many are unread (one
 * round trip, within the admin's limit).
 */
export async function readMessagePage(
  admin: Admin,
  pageSize: number,
  before: PageStart,
): Promise<{ messages: InboxMessage[]; nextCursor: string | null; unread: number }> {
  const page = await runAsAdmin(
    admin,
    scripts.readMessagePage,
    { index: contactKeys.messages(), unread: contactKeys.unread() },
    {
      messageKeyPrefix: contactKeys.message(''),
      ...pageArgs(before, pageSize, retention(MESSAGE_RETENTION_DAYS).cutoff),
    },
  );
  // An empty Lua table is encoded as an object.
  const rows = Array.isArray(page.messages) ? page.messages : [];
  const messages = rows.map(
    ([id, senderEmail, emailSubject, emailText, createdAt, delivery, deliveryNote, unread]) => ({
      id,
      senderEmail,
      emailSubject,
      emailText,
      createdAt,
      delivery: delivery as Delivery,
      deliveryNote,
      read: unread === '0',
    }),
  );
  const last = messages.at(-1);
  return { messages, nextCursor: page.more && last ? pageCursor(last) : null, unread: page.unread };
}

/** Marks a message read or unread; answers how many are unread, or null when there is no such message (any more). */
export async function markMessage(admin: Admin, id: string, read: boolean): Promise<number | null> {
  const reply = await runAsAdmin(
    admin,
    scripts.markMessage,
    { index: contactKeys.messages(), unread: contactKeys.unread() },
    { id, read, cutoff: retention(MESSAGE_RETENTION_DAYS).cutoff },
  );
  return reply === 'gone' ? null : reply;
}

/** Lists stored messages, newest first (two round trips: the ids, then every message at once). */
export async function listMessages(limit: number): Promise<StoredMessage[]> {
  return (await newestHashes(contactKeys.messages(), contactKeys.message, limit)) as unknown as StoredMessage[];
}
