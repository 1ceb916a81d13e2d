import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../lib/utc-day.ts';
import { DAILY_STEP, FIRST_DAY, countdown, dailyWord, puzzleNumber } from './daily.ts';
import { SECRET_WORDS } from './secret-words.ts';

describe('the Daily word', () => {
  it('is the same for two clients on the same UTC day, whatever their time zone, and changes the next', () => {
    // 23:59 UTC and 00:00 UTC: the same moment is one day everywhere (vitest runs in America/St_Johns).
    const lateOn23rd = Date.UTC(2026, 10, 23, 23, 59, 59);
    const earlyOn23rd = Date.UTC(2026, 10, 23, 0, 0, 1);
    expect(dayNumber(lateOn23rd)).toBe(dayNumber(earlyOn23rd));
    expect(dailyWord(dayNumber(lateOn23rd))).toBe(dailyWord(dayNumber(earlyOn23rd)));
    expect(dailyWord(dayNumber(lateOn23rd + 1000))).not.toBe(dailyWord(dayNumber(lateOn23rd)));
  });

  it('goes through every secret word before repeating one', () => {
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    expect(gcd(DAILY_STEP, SECRET_WORDS.length)).toBe(1);
    const words = new Set(Array.from({ length: SECRET_WORDS.length }, (_, offset) => dailyWord(FIRST_DAY + offset)));
    expect(words.size).toBe(SECRET_WORDS.length);
    expect(dailyWord(FIRST_DAY + SECRET_WORDS.length)).toBe(dailyWord(FIRST_DAY));
  });

  it('numbers the puzzles from 1 on 1 November 2026', () => {
    expect(puzzleNumber(dayNumber(Date.UTC(2026, 10, 1, 12)))).toBe(1);
    expect(puzzleNumber(dayNumber(Date.UTC(2026, 10, 23)))).toBe(23);
  });

  it('counts down to the next word at 00:00 UTC', () => {
    expect(countdown(Date.UTC(2026, 10, 23, 19, 54, 51))).toBe('4h 05m 09s');
    expect(countdown(Date.UTC(2026, 10, 23, 23, 59, 59, 500))).toBe('0h 00m 01s');
    expect(countdown(Date.UTC(2026, 10, 23))).toBe('24h 00m 00s');
  });
});
