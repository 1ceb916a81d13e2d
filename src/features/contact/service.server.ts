// The contact use case: keep every message first, then mail it to the owner. A message is never
// lost to a mail failure: it stays in the store, marked, for the owner's inbox. The inbox's page of
// messages and their read marks are here too.
import { owner } from '../../content/site.config.ts';
import { dailyCapReached } from '../../server/daily-cap.ts';
import { deliverAndRecord } from '../../server/mail.ts';
import { type RateLimit, rateLimited } from '../../server/rate-limit.ts';
import { ownerNotification } from './logic.ts';
import * as repo from './repo.server.ts';
import { type ContactRequest, MESSAGES_PAGE_SIZE } from './schema.ts';
import { cursorPosition } from '../../lib/page-cursor.ts';
import type { Admin } from '../../server/admin-limit.ts';
import { AppError } from '../../server/app-error.ts';

// A person sends one message, perhaps a follow-up; a script sending more is spamming the owner.
export const LIMITS = {
  messagesPerAddress: { bucket: 'contact-ip', max: 5, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

// The messages the site stores in a UTC day, all senders together: far more than a personal site
// receives, and it keeps a script rotating addresses from filling the store and the owner's inbox.
export const MESSAGES_PER_DAY = 200;

export const MESSAGES_FULL = 'The contact form has received all the messages it can take today.';

/**
 * Stores a visitor's message and mails it to the owner; mail failures are recorded, not thrown.
 * Over the day's budget of contact mail the message is stored all the same and the visitor told it was
 * received (the owner reads it in the inbox); its mail is recorded as not sent.
 * Over the daily cap on stored messages it is refused (429).
 */
export async function sendContactMessage(input: ContactRequest, address: string, requestId: string): Promise<void> {
  const message: repo.StoredMessage = {
    ...input,
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    delivery: 'sending',
    deliveryNote: '',
  };
  const outcome = await repo.storeMessage(message, [LIMITS.messagesPerAddress, address], MESSAGES_PER_DAY);
  if ('limitedFor' in outcome) throw rateLimited(outcome.limitedFor);
  if ('full' in outcome) throw dailyCapReached(MESSAGES_FULL);
  if (outcome.stored === 'mail-cap') {
    console.warn(`[${requestId}] contact message ${message.id} stored, not mailed: daily mail cap reached.`);
    return;
  }

  await deliverAndRecord(
    { ...ownerNotification(message, owner.name), to: 'owner', idempotencyKey: `contact-${message.id}` },
    `[${requestId}] contact message ${message.id}`,
    ({ delivery, note }) => repo.recordDelivery(message.id, delivery, note),
  );
}

/** Lists stored contact messages, newest first, for the admin CLI. */
export function listContactMessages(limit = 100): Promise<repo.StoredMessage[]> {
  return repo.listMessages(limit);
}

/** The owner's inbox: one page of messages, newest first, with how many are unread. */
export function inboxMessages(admin: Admin, before: string | undefined) {
  return repo.readMessagePage(admin, MESSAGES_PAGE_SIZE, cursorPosition(before));
}

export const NO_SUCH_MESSAGE = 'There is no such message.';

/** Marks a message read or unread; answers how many are unread. 404 when it is gone (retention). */
export async function markMessage(admin: Admin, id: string, read: boolean): Promise<number> {
  const unread = await repo.markMessage(admin, id, read);
  if (unread === null) throw new AppError('not_found', NO_SUCH_MESSAGE);
  return unread;
}
