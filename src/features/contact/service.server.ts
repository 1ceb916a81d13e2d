// The contact use case: keep every message first, then mail it to the owner. A message is never
// lost to a mail failure: it stays in the store, marked, for `npm run admin -- messages`.
import { site } from '../../content/site.ts';
import { deliverAndRecord } from '../../server/mail.ts';
import type { RateLimit } from '../../server/rate-limit.ts';
import { ownerNotification } from './logic.ts';
import * as repo from './repo.server.ts';
import type { ContactRequest } from './schema.ts';

// A person sends one message, perhaps a follow-up; a script sending more is spamming the owner.
export const LIMITS = {
  messagesPerAddress: { bucket: 'contact-ip', max: 5, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

/** Stores a visitor's message and mails it to the owner; mail failures are recorded, not thrown. */
export async function sendContactMessage(input: ContactRequest, address: string, requestId: string): Promise<void> {
  const message: repo.StoredMessage = {
    ...input,
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    delivery: 'sending',
    deliveryNote: '',
  };
  await repo.storeMessage(message, [LIMITS.messagesPerAddress, address]);

  await deliverAndRecord(
    { ...ownerNotification(message, site.ownerName), to: 'owner', idempotencyKey: `contact-${message.id}` },
    `[${requestId}] contact message ${message.id}`,
    ({ delivery, note }) => repo.recordDelivery(message.id, delivery, note),
  );
}

/** Lists stored contact messages, newest first, for the admin CLI. */
export function listContactMessages(limit = 100): Promise<repo.StoredMessage[]> {
  return repo.listMessages(limit);
}
