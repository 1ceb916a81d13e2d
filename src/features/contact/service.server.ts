// The contact use case: keep every message first, then mail it to the owner. A message is never
// lost to a mail failure: it stays in the store, marked, for `npm run admin -- messages`.
import { owner } from '../../content/site.config.ts';
import { dailyCapReached } from '../../server/daily-cap.ts';
import { deliverAndRecord } from '../../server/mail.ts';
import { type RateLimit, rateLimited } from '../../server/rate-limit.ts';
import { ownerNotification } from './logic.ts';
import * as repo from './repo.server.ts';
import type { ContactRequest } from './schema.ts';

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
 * received (the owner reads it with `npm run admin -- messages`); its mail is recorded as not sent.
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
