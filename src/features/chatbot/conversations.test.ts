import { describe, expect, it } from 'vitest';
import {
  MAX_CONVERSATION_BYTES,
  MAX_CONVERSATION_MESSAGES,
  MAX_CONVERSATIONS,
  MAX_TITLE_LENGTH,
  UNTITLED,
  cleanTitle,
  keptConversations,
  keptMessages,
  messagesBytes,
  titleFrom,
} from './conversations.ts';

const turn = (n: number, text = `Turn ${n}`) => ({ from: n % 2 === 0 ? ('user' as const) : ('ai' as const), text });

describe('conversation titles', () => {
  it('are the first question on one line, trimmed, cut at the limit with an ellipsis', () => {
    expect(titleFrom('  What is\n\nthe   time?  ')).toBe('What is the time?');
    expect(titleFrom('   ')).toBe(UNTITLED);
    const long = titleFrom('word '.repeat(40));
    expect(long.length).toBe(MAX_TITLE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(titleFrom('x'.repeat(MAX_TITLE_LENGTH))).toBe('x'.repeat(MAX_TITLE_LENGTH));
  });

  it('as typed are one line, trimmed and cut; a blank one stays blank', () => {
    expect(cleanTitle('  My \t chat ')).toBe('My chat');
    expect(cleanTitle(' ')).toBe('');
    expect(cleanTitle('y'.repeat(99))).toHaveLength(MAX_TITLE_LENGTH);
  });
});

describe('what of a conversation is kept', () => {
  it(`keeps the newest ${MAX_CONVERSATION_MESSAGES} messages, never starting with an orphan answer`, () => {
    const messages = Array.from({ length: MAX_CONVERSATION_MESSAGES + 3 }, (_, n) => turn(n));
    const kept = keptMessages(messages);
    expect(kept.length).toBeLessThanOrEqual(MAX_CONVERSATION_MESSAGES);
    expect(kept.at(-1)).toEqual(messages.at(-1));
    expect(kept[0]!.from).toBe('user');
    expect(keptMessages(messages.slice(0, 4))).toEqual(messages.slice(0, 4));
  });

  it(`keeps at most ${MAX_CONVERSATION_BYTES / 1024} KB, dropping the oldest`, () => {
    const messages = Array.from({ length: 30 }, (_, n) => turn(n, `${n} ${'é'.repeat(2000)}`));
    const kept = keptMessages(messages);
    expect(messagesBytes(kept)).toBeLessThanOrEqual(MAX_CONVERSATION_BYTES);
    expect(messagesBytes(messages.slice(messages.length - kept.length - 2))).toBeGreaterThan(MAX_CONVERSATION_BYTES);
    expect(kept.at(-1)).toEqual(messages.at(-1));
    expect(kept[0]!.from).toBe('user');
  });

  it(`keeps the ${MAX_CONVERSATIONS} most recently changed conversations, newest first`, () => {
    const conversations = Array.from({ length: MAX_CONVERSATIONS + 5 }, (_, n) => ({ id: `c${n}`, updatedAt: n }));
    const kept = keptConversations(conversations);
    expect(kept).toHaveLength(MAX_CONVERSATIONS);
    expect(kept[0]!.id).toBe(`c${MAX_CONVERSATIONS + 4}`);
    expect(kept.map(({ id }) => id)).not.toContain('c4');
  });
});
