// A signed-in visitor's chatbot conversations, per account key: an index, their titles and their
// messages, given the same expiry on every read and write (CONVERSATION_TTL_DAYS after the
// account last used any of them), so none outlives the others; and, site-wide, the bytes each
// account keeps, so the per-account and site budgets hold.
import { KEY_PREFIX } from '../../server/keys.ts';

const CHAT = `${KEY_PREFIX}chat:`;

export const chatKeys = {
  /** sorted set of conversation ids by when each last changed (ms), the newest MAX_CONVERSATIONS kept */
  conversations: (accountKey: string) => `${CHAT}conversations:${accountKey}`,
  /** hash {conversation id → title} */
  titles: (accountKey: string) => `${CHAT}titles:${accountKey}`,
  /** hash {conversation id → JSON KeptMessage[] (at most MAX_CONVERSATION_BYTES)} */
  messages: (accountKey: string) => `${CHAT}messages:${accountKey}`,
  /** hash {account key → bytes of its kept messages} */
  accountBytes: () => `${CHAT}account-bytes`,
  /** string: the bytes of every account's kept messages (the sum of accountBytes) */
  siteBytes: () => `${CHAT}site-bytes`,
  /**
   * sorted set of account keys by when each last used its conversations (ms): an account past the
   * expiry is taken off accountBytes and siteBytes
   */
  lastUsed: () => `${CHAT}last-used`,
} as const;
