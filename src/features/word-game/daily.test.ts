import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../lib/utc-day.ts';
import { ANSWERS } from './answers.ts';
import {
  DAILY_SEED,
  FIRST_DAY,
  countdown,
  dailyOrder,
  dailyWord,
  dayLabel,
  dayToIso,
  isoToDay,
  puzzleNumber,
} from './daily.ts';
import { pickSecret } from './dictionary.ts';

const ORDER = dailyOrder(ANSWERS);

describe('the answer pool', () => {
  it('holds about 2,000 distinct five-letter uppercase words', () => {
    expect(ANSWERS.length).toBeGreaterThanOrEqual(1900);
    expect(new Set(ANSWERS).size).toBe(ANSWERS.length);
    for (const word of ANSWERS) expect(word).toMatch(/^[A-Z]{5}$/);
  });

  it('has every answer in the guess dictionary (the word-list package, unchanged)', () => {
    const wordList = createRequire(import.meta.url)
      .resolve('word-list')
      .replace(/index\.js$/, 'words.txt');
    const dictionary = new Set(readFileSync(wordList, 'utf8').split('\n'));
    expect(ANSWERS.filter((word) => !dictionary.has(word.toLowerCase()))).toEqual([]);
  });

  it('picks a Practice word by Math.random, so a test can fix the word', () => {
    expect(pickSecret(ORDER, () => 0)).toBe(ORDER[0]);
    expect(pickSecret(ORDER, () => 0.999999)).toBe(ORDER.at(-1));
  });
});

describe('the Daily word', () => {
  it('is the same for two clients on the same UTC day, whatever their time zone, and changes the next', () => {
    // 23:59 UTC and 00:00 UTC: the same moment is one day everywhere (vitest runs in America/St_Johns).
    const lateOn23rd = Date.UTC(2026, 10, 23, 23, 59, 59);
    const earlyOn23rd = Date.UTC(2026, 10, 23, 0, 0, 1);
    expect(dayNumber(lateOn23rd)).toBe(dayNumber(earlyOn23rd));
    expect(dailyWord(dayNumber(lateOn23rd), ORDER)).toBe(dailyWord(dayNumber(earlyOn23rd), ORDER));
    expect(dailyWord(dayNumber(lateOn23rd + 1000), ORDER)).not.toBe(dailyWord(dayNumber(lateOn23rd), ORDER));
  });

  it('comes in a fixed shuffled order: the same every time it is computed, not the alphabetical one', () => {
    expect(dailyOrder(ANSWERS)).toEqual(ORDER);
    expect(dailyOrder([...ANSWERS], DAILY_SEED)).toEqual(ORDER);
    expect([...ORDER].sort()).toEqual([...ANSWERS].sort());
    expect(ORDER.slice(0, 20)).not.toEqual(ANSWERS.slice(0, 20));
    expect(dailyOrder(ANSWERS, DAILY_SEED + 1)).not.toEqual(ORDER);
  });

  it('does not repeat for years: every answer once before the first comes again', () => {
    const days = Array.from({ length: ORDER.length }, (_, offset) => dailyWord(FIRST_DAY + offset, ORDER));
    expect(new Set(days).size).toBe(ORDER.length);
    expect(ORDER.length / 365).toBeGreaterThan(5);
    expect(dailyWord(FIRST_DAY + ORDER.length, ORDER)).toBe(dailyWord(FIRST_DAY, ORDER));
    expect(dailyWord(FIRST_DAY, ORDER)).toBe(ORDER[0]);
  });

  it('numbers the puzzles from 1 on 1 November 2026', () => {
    expect(puzzleNumber(dayNumber(Date.UTC(2026, 10, 1, 12)))).toBe(1);
    expect(puzzleNumber(dayNumber(Date.UTC(2026, 10, 23)))).toBe(23);
  });

  it('names a day, and reads and writes it as a date input does', () => {
    const day = dayNumber(Date.UTC(2026, 10, 12, 15));
    expect(dayLabel(day)).toBe('12 Nov 2026');
    expect(dayToIso(day)).toBe('2026-11-12');
    expect(isoToDay('2026-11-12')).toBe(day);
    expect(isoToDay('')).toBeUndefined();
    expect(isoToDay('12/11/2026')).toBeUndefined();
  });

  it('counts down to the next word at 00:00 UTC', () => {
    expect(countdown(Date.UTC(2026, 10, 23, 19, 54, 51))).toBe('4h 05m 09s');
    expect(countdown(Date.UTC(2026, 10, 23, 23, 59, 59, 500))).toBe('0h 00m 01s');
    expect(countdown(Date.UTC(2026, 10, 23))).toBe('24h 00m 00s');
  });
});
