// The chatbot's conversations, shared by the page and the functions: their caps, how one is titled
// and trimmed to fit, and what of a message is kept. Apart from the schemas so the page gets them
// without the validation library.

/** The most conversations kept, in the browser or per account: past it the least recently used goes. */
export const MAX_CONVERSATIONS = 50;
/** The most messages (questions and answers) a kept conversation holds: past it the oldest go. */
export const MAX_CONVERSATION_MESSAGES = 200;
/** The most bytes (UTF-8) of a kept conversation's messages as JSON: past it the oldest go. Under a request's 64 KB. */
export const MAX_CONVERSATION_BYTES = 60 * 1024;
/** The longest title: made from the first question, or as the visitor renames it. */
export const MAX_TITLE_LENGTH = 60;
/** The longest failure reason kept with a failed answer. */
export const MAX_ERROR_LENGTH = 300;
/** A signed-in visitor's conversations are forgotten after this many days of no use. */
export const CONVERSATION_TTL_DAYS = 30;
/** A conversation's id: made by the page (crypto.randomUUID), checked by the server. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** The title of a conversation with no question yet. */
export const UNTITLED = 'New chat';

/** A conversation in a list: no messages. `updatedAt` is when it last changed (ms). */
export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
}

/** A message as kept: a question, or an answer whole, stopped or failed (with why). */
export interface KeptMessage {
  from: 'user' | 'ai';
  text: string;
  state?: 'stopped' | 'failed';
  error?: string;
}

/** A conversation's title from its first question: one line, trimmed, at most MAX_TITLE_LENGTH characters. */
export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_TITLE_LENGTH) return line || UNTITLED;
  return `${line.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…`;
}

/** A title as the visitor typed it: one line, trimmed, cut to MAX_TITLE_LENGTH; blank stays blank (refused). */
export function cleanTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_LENGTH);
}

/** The UTF-8 size of messages as JSON. */
export function messagesBytes(messages: readonly unknown[]): number {
  return new TextEncoder().encode(JSON.stringify(messages)).length;
}

/**
 * The newest messages within the caps (MAX_CONVERSATION_MESSAGES, MAX_CONVERSATION_BYTES), dropping
 * the oldest, and never starting with an answer whose question was dropped.
 */
export function keptMessages<T>(messages: readonly T[], kept: (message: T) => unknown = (message) => message): T[] {
  let start = Math.max(0, messages.length - MAX_CONVERSATION_MESSAGES);
  let bytes = messagesBytes(messages.slice(start).map(kept));
  while (start < messages.length && bytes > MAX_CONVERSATION_BYTES) {
    bytes -= messagesBytes([kept(messages[start]!)]) - 1;
    start++;
  }
  const rest = messages.slice(start);
  const from = (message: T) => (kept(message) as KeptMessage).from;
  return start > 0 && rest[0] !== undefined && from(rest[0]) === 'ai' ? rest.slice(1) : rest;
}

/** The newest MAX_CONVERSATIONS conversations, by when they last changed. */
export function keptConversations<T extends { updatedAt: number }>(conversations: readonly T[]): T[] {
  return [...conversations].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_CONVERSATIONS);
}
