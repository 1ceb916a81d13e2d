import { KEY_PREFIX } from '../../server/keys.ts';

export const contactKeys = {
  /**
   * hash {id, senderEmail, emailSubject, emailText, createdAt, delivery, deliveryNote}; expires a year after it
   * is stored (logic.ts MESSAGE_RETENTION_DAYS)
   */
  message: (id: string) => `${KEY_PREFIX}contact:message:${id}`,
  /**
   * sorted set of message ids scored by creation time (ms), for listing newest first; no expiry: each new message trims
   * (with their hashes) ids older than the retention or beyond the newest MAX_KEPT_MESSAGES
   */
  messages: () => `${KEY_PREFIX}contact:messages`,
  /**
   * sorted set of the ids the owner has not read, scored as in messages; no expiry: kept within the
   * messages' retention and count by the same trim
   */
  unread: () => `${KEY_PREFIX}contact:unread`,
} as const;
