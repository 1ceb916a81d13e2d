// Contact messages in Redis: a hash per message and a sorted set of ids by time.
import { keys } from '../../server/keys.ts';
import type { Delivery } from '../../server/mail.ts';
import { type Attempt, writeWithinRateLimit } from '../../server/rate-limit.ts';
import { newestHashes, redis } from '../../server/redis.ts';
import type { ContactRequest } from './schema.ts';

export interface StoredMessage extends ContactRequest {
  id: string;
  createdAt: string;
  delivery: Delivery;
  /** Resend's id for a delivered mail, or why it was not delivered. */
  deliveryNote: string;
}

/** Stores a new message unless the sender is over the rate limit (which throws), in one round trip. */
export async function storeMessage(message: StoredMessage, attempt: Attempt): Promise<void> {
  const fields = Object.entries(message).flat();
  await writeWithinRateLimit(attempt, [
    ['hset', keys.contactMessage(message.id), ...fields],
    ['zadd', keys.contactMessages(), Date.parse(message.createdAt), message.id],
  ]);
}

/** Records how the mail for a stored message went. */
export async function recordDelivery(id: string, delivery: Delivery, deliveryNote: string): Promise<void> {
  await redis().hset(keys.contactMessage(id), { delivery, deliveryNote });
}

/** Lists stored messages, newest first (two round trips: the ids, then every message at once). */
export async function listMessages(limit: number): Promise<StoredMessage[]> {
  return (await newestHashes(keys.contactMessages(), keys.contactMessage, limit)) as unknown as StoredMessage[];
}
