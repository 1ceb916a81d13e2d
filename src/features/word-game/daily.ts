// The Daily word (as NYT Wordle's): the same secret for everyone on a day, days counted in UTC so
// every visitor's day turns at the same moment (00:00 UTC, as the site's other daily limits).
import { dayNumber } from '../../lib/utc-day.ts';
import { SECRET_WORDS } from './secret-words.ts';

const DAY_MS = 86_400_000;
/** The day of puzzle number 1. */
export const FIRST_DAY = dayNumber(Date.UTC(2026, 10, 1));
/**
 * How far the word list is stepped each day: coprime with its 150 words, so 150 days in a row
 * never repeat a word, and neighbours in the (alphabetical) list are far apart in time.
 */
export const DAILY_STEP = 97;

/** The puzzle's number on a day, counted from FIRST_DAY (puzzle 1). */
export function puzzleNumber(day: number): number {
  return day - FIRST_DAY + 1;
}

/** The Daily secret word of a day. */
export function dailyWord(day: number): string {
  const count = SECRET_WORDS.length;
  return SECRET_WORDS[(((day * DAILY_STEP) % count) + count) % count]!;
}

/** "4h 05m 09s": the wait until the next Daily word (at 00:00 UTC). */
export function countdown(now = Date.now()): string {
  const seconds = Math.ceil(((dayNumber(now) + 1) * DAY_MS - now) / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}h ${pad(Math.floor(seconds / 60) % 60)}m ${pad(seconds % 60)}s`;
}
