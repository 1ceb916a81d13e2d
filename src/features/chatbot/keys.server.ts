// A signed-in visitor's chatbot conversations, per account key: an index, their titles and their
// messages, given the same expiry on every read and write (CONVERSATION_TTL_DAYS after the
// account last used any of them), so none outlives the others.
import { KEY_PREFIX } from '../../server/keys.ts';

const CHAT = `${KEY_PREFIX}chat:`;

export const chatKeys = {
  /** sorted set of conversation ids by when each last changed (ms), the newest MAX_CONVERSATIONS kept */
  conversations: (accountKey: string) => `${CHAT}conversations:${accountKey}`,
  /** hash {conversation id → title} */
  titles: (accountKey: string) => `${CHAT}titles:${accountKey}`,
  /** hash {conversation id → JSON KeptMessage[] (at most MAX_CONVERSATION_BYTES)} */
  messages: (accountKey: string) => `${CHAT}messages:${accountKey}`,
} as const;
