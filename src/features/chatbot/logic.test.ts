import { describe, expect, it } from 'vitest';
import {
  MAX_HISTORY_CHARS,
  MAX_HISTORY_TURNS,
  capMessage,
  keptHistory,
  remainingQuestions,
  remainingText,
  resetSentence,
} from './logic.ts';

// The unit tests run in America/St_Johns (UTC-3:30 or -2:30): the reset is UTC's (src/lib/utc-day.ts).
const at = (iso: string) => new Date(iso);

describe('the chatbot day', () => {
  it.each([
    ['2026-11-23T19:00:00Z', '(in 5 hours)'],
    ['2026-11-23T19:20:00Z', '(in 5 hours)'],
    ['2026-11-23T22:40:00Z', '(in 1 hour)'],
    ['2026-11-23T23:01:00Z', '(in 59 minutes)'],
    ['2026-11-23T23:59:30Z', '(in 1 minute)'],
  ])('says when it resets at %s: %s', (now, wait) => {
    expect(resetSentence(at(now))).toBe(`You can ask again after 00:00 UTC ${wait}.`);
  });
});

describe('the caps', () => {
  const now = at('2026-11-23T19:00:00Z');
  it('say which cap was reached and when it resets', () => {
    expect(capMessage('visitor', 20, now)).toBe(
      'You have asked the 20 questions allowed today. You can ask again after 00:00 UTC (in 5 hours).',
    );
    expect(capMessage('visitor', 1, now)).toMatch(/^You have asked the 1 question allowed today\./);
    expect(capMessage('address', 50, now)).toMatch(/^The 50 questions allowed today from your network address/);
    expect(capMessage('questions', 500, now)).toMatch(/^The chatbot has answered all the questions it can today\. You/);
    expect(capMessage('tokens', 500_000, now)).toMatch(/^The chatbot has used all of its answers for today\. You/);
  });

  const caps = { visitor: 20, visitorTokens: 100, questions: 100, tokens: 1000 };
  const none = { tokensByAddress: 0, questions: 0, tokens: 0 };
  it('leave the tightest of the visitor’s and the site’s remaining', () => {
    expect(remainingQuestions(caps, { ...none, byAddress: 2, questions: 50 })).toBe(18);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, byAccount: 5, questions: 50 })).toBe(15);
    expect(remainingQuestions(caps, { ...none, byAddress: 7, byAccount: 5, questions: 50 })).toBe(13);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, questions: 95 })).toBe(5);
    expect(remainingQuestions(caps, { ...none, byAddress: 25, questions: 150 })).toBe(0);
    expect(remainingQuestions(caps, { ...none, byAddress: 0, tokens: 1000 })).toBe(0);
  });

  it('leave none once the visitor has spent their share of the tokens, by address or by account', () => {
    expect(remainingQuestions(caps, { ...none, byAddress: 2, tokensByAddress: 99 })).toBe(18);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, tokensByAddress: 100 })).toBe(0);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, byAccount: 2, tokensByAccount: 100 })).toBe(0);
    expect(capMessage('visitor-tokens', 100, now)).toMatch(
      /^You have used your share of the chatbot’s answers for today\. You can ask again after 00:00 UTC/,
    );
  });

  it('are shown as a count, or as none left', () => {
    expect(remainingText(18)).toBe('18 questions left today.');
    expect(remainingText(1)).toBe('1 question left today.');
    expect(remainingText(0)).toBe('No questions left today.');
  });
});

describe('the earlier turns kept for the model', () => {
  const turn = (role: 'user' | 'assistant', content: string) => ({ role, content });

  it('keeps a short conversation whole, in order', () => {
    const history = [turn('user', 'Hi'), turn('assistant', 'Hello!')];
    expect(keptHistory(history)).toEqual(history);
    expect(keptHistory([])).toEqual([]);
  });

  it(`keeps the newest ${MAX_HISTORY_TURNS} turns`, () => {
    const history = Array.from({ length: MAX_HISTORY_TURNS + 3 }, (_, i) => turn('user', `t${i}`));
    expect(keptHistory(history)).toEqual(history.slice(3));
  });

  it(`keeps at most ${MAX_HISTORY_CHARS} characters, dropping the oldest first and leaving no hole`, () => {
    const [old, big, recent] = [
      turn('user', 'a'),
      turn('assistant', 'b'.repeat(MAX_HISTORY_CHARS - 10)),
      turn('user', 'c'.repeat(11)),
    ];
    // The big turn does not fit after the recent one: it and everything older are dropped.
    expect(keptHistory([old, big, recent])).toEqual([recent]);
    const fits = turn('user', 'c'.repeat(10));
    expect(keptHistory([old, big, fits])).toEqual([big, fits]);
  });

  it('leaves out empty turns and trims the kept ones', () => {
    expect(keptHistory([turn('user', '  Hi  '), turn('assistant', '   ')])).toEqual([turn('user', 'Hi')]);
  });
});
