import { describe, expect, it } from 'vitest';
import { authorOf, canEdit, hasMarkdown, isOwn, postProblem, postedAgo, withinEditWindow } from './logic.ts';

const message = { _id: '1', text: 'Hi', createdAt: '2026-11-22T10:00:00.000Z', user: { username: 'Ada' } };
const now = Date.parse('2026-11-22T10:00:00.000Z');

describe('forum rules', () => {
  it('tells plain talk, shown as typed, from text with markdown in it', () => {
    for (const plain of ['Hello, forum!', 'See you at 7.\nBring snacks - and games.', 'It costs 5 (or 6) euros; ok?']) {
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
