import { describe, expect, it } from 'vitest';
import {
  askAgainFrom,
  authorOf,
  canEdit,
  EXCERPT_LENGTH,
  excerptOf,
  hasMarkdown,
  mentionedNames,
  hasReacted,
  isOwn,
  mayAsk,
  postProblem,
  postedAgo,
  reactionAnnouncement,
  reactionCount,
  reactionLabel,
  repliesCount,
  threadOf,
  withReaction,
  withinEditWindow,
} from './logic.ts';
import { MENTIONS_TOLD, type MessageReactions } from './schema.ts';

const message = { _id: '1', text: 'Hi', createdAt: '2026-11-22T10:00:00.000Z', user: { username: 'Ada' } };
const now = Date.parse('2026-11-22T10:00:00.000Z');

describe('forum rules', () => {
  it('tells plain talk, shown as typed, from text with markdown in it', () => {
    for (const plain of [
      'Hello, forum!',
      'See you at 7.\nBring snacks - and games.',
      'It costs 5 (or 6) euros; ok?',
      '@ada, are you in?',
      'Thanks @grace.hopper and @bob!',
      'Plans for Friday, @demo_member and @a_b_c?',
    ]) {
      expect(hasMarkdown(plain), plain).toBe(false);
    }
    for (const marked of [
      '**bold**',
      'an _emphasis_',
      'use `npm test`',
      '# Heading',
      '> quoted',
      '- item',
      '1. first',
      '| a | b |',
      '[link](https://example.com)',
      'visit https://example.com',
      'www.example.com',
      'mail me@example.com',
      '<b>html</b>',
      'Title\n===',
      '&amp;',
      '~~gone~~',
      '@demo_member said _this_',
    ]) {
      expect(hasMarkdown(marked), marked).toBe(true);
    }
  });

  it('keeps a message editable for 15 minutes after posting, not at their end', () => {
    const posted = '2026-03-01T12:00:00.000Z';
    const at = (minutes: number) => Date.parse(posted) + minutes * 60_000;
    expect(withinEditWindow(posted, at(0))).toBe(true);
    expect(withinEditWindow(posted, at(15) - 1)).toBe(true);
    expect(withinEditWindow(posted, at(15))).toBe(false);
    expect(withinEditWindow(posted, at(16))).toBe(false);
  });

  it('lets only the author edit, and only for 15 minutes after posting', () => {
    const own = { ...message, own: true as const };
    expect(canEdit(own, now + 14 * 60_000)).toBe(true);
    expect(canEdit(own, now + 15 * 60_000)).toBe(false);
    expect(canEdit(message, now)).toBe(false);
  });

  it('names the author, or Unknown User when missing', () => {
    expect(authorOf(message)).toBe('Ada');
    expect(authorOf({ ...message, user: undefined })).toBe('Unknown User');
  });

  it("takes a message as the reader's own only when the server marks it so, whatever its name", () => {
    expect(isOwn({ ...message, own: true })).toBe(true);
    expect(isOwn(message)).toBe(false);
    expect(isOwn({ ...message, user: undefined, own: true })).toBe(true);
  });

  it('refuses a post above 3000 characters with the spec message', () => {
    expect(postProblem('x'.repeat(3000))).toBeUndefined();
    expect(postProblem('x'.repeat(3001))).toBe('Message cannot exceed 3000 characters.');
  });

  it.each([
    [0, 'Posted just now'],
    [-30 * 1000, 'Posted 30 seconds ago'],
    [-60 * 1000, 'Posted 1 minute ago'],
    [-3 * 60 * 1000, 'Posted 3 minutes ago'],
    [-2 * 3600 * 1000, 'Posted 2 hours ago'],
    [-24 * 3600 * 1000, 'Posted yesterday'],
    [-3 * 24 * 3600 * 1000, 'Posted 3 days ago'],
  ])('words an age of %i ms as %s', (offset, text) => {
    expect(postedAgo(new Date(now + offset).toISOString(), now)).toBe(text);
  });
});

describe('replies', () => {
  it('joins a reply to a reply to its top-level message’s thread', () => {
    expect(threadOf({ _id: 'top' })).toBe('top');
    expect(threadOf({ _id: 'reply', replyTo: 'top' })).toBe('top');
  });

  it('counts replies in words', () => {
    expect(repliesCount(1)).toBe('1 reply');
    expect(repliesCount(4)).toBe('4 replies');
  });
});

describe('reactions', () => {
  it('names each button by its reaction and count, and says what the reader did', () => {
    expect(reactionLabel('thumbs-up', 0)).toBe('thumbs up, 0 reactions');
    expect(reactionLabel('heart', 1)).toBe('heart, 1 reaction');
    expect(reactionAnnouncement('thumbs-up', true)).toBe('You reacted with thumbs up.');
    expect(reactionAnnouncement('eyes', false)).toBe('You took back your eyes.');
  });

  it('gives and takes back a reaction once, as the server counts it, keeping the API’s shape', () => {
    const bare: MessageReactions & { _id: string } = { _id: '1' };
    const given = withReaction(bare, 'heart', true);
    expect(given).toEqual({ _id: '1', reactions: { heart: 1 }, reacted: ['heart'] });
    expect(withReaction(given, 'heart', true)).toBe(given);
    const others = withReaction({ ...bare, reactions: { heart: 2 } }, 'heart', true);
    expect(others).toEqual({ _id: '1', reactions: { heart: 3 }, reacted: ['heart'] });
    expect(hasReacted(others, 'heart')).toBe(true);
    expect(reactionCount(others, 'eyes')).toBe(0);
    expect(withReaction(given, 'heart', false)).toEqual(bare);
    expect(withReaction(bare, 'heart', false)).toBe(bare);
    expect(withReaction(others, 'heart', false)).toEqual({ _id: '1', reactions: { heart: 2 } });
  });
});

describe('asking to join', () => {
  const decided = '2026-11-01T10:00:00.000Z';
  const day = 24 * 3600 * 1000;

  it('lets a visitor ask with no request, after an approval, or a week after a decline; never while one waits', () => {
    expect(askAgainFrom(decided)).toBe('2026-11-08T10:00:00.000Z');
    expect(mayAsk(null)).toBe(true);
    expect(mayAsk({ status: 'pending' })).toBe(false);
    expect(mayAsk({ status: 'approved', decidedAt: decided })).toBe(true);
    expect(mayAsk({ status: 'declined', decidedAt: decided }, Date.parse(decided) + 7 * day - 1)).toBe(false);
    expect(mayAsk({ status: 'declined', decidedAt: decided }, Date.parse(decided) + 7 * day)).toBe(true);
  });
});

describe('notifications', () => {
  it('names each member a text mentions once, in key form, the first MENTIONS_TOLD', () => {
    expect(mentionedNames('@Ada and @ada, not me@example.com, @bob.')).toEqual(['ada', 'bob']);
    expect(mentionedNames('no one')).toEqual([]);
    expect(mentionedNames('`@ada` and\n```\n@bob\n```\n@cyd, \n~~~js\n@dee')).toEqual(['cyd']);
    const crowd = Array.from({ length: MENTIONS_TOLD + 2 }, (_, i) => `@member_${i}`).join(' ');
    expect(mentionedNames(crowd)).toHaveLength(MENTIONS_TOLD);
  });

  it('quotes a message on one line, a long one cut at a word', () => {
    expect(excerptOf('  Hello\n\n  there  ')).toBe('Hello there');
    const long = excerptOf('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(long).toMatch(/^(word )+word…$/);
    expect(excerptOf('x'.repeat(EXCERPT_LENGTH + 10))).toBe(`${'x'.repeat(EXCERPT_LENGTH - 1)}…`);
  });
});
