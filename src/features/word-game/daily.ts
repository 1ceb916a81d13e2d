// The Daily word (as NYT Wordle's): the same secret for everyone on a day, days counted in UTC so
// every visitor's day turns at the same moment (00:00 UTC, as the site's other daily limits). The
// answers are played in a fixed shuffled order (dailyOrder, seeded, so the same everywhere), one a
// day from FIRST_DAY: 2,000 answers last about five and a half years before the first repeats.
import { dayNumber } from '../../lib/utc-day.ts';

const DAY_MS = 86_400_000;
/** The day of puzzle number 1. */
export const FIRST_DAY = dayNumber(Date.UTC(2026, 10, 1));
/** The seed of the Daily's shuffle: changing it (or the answer list) changes every day's word. */
export const DAILY_SEED = 0x5eed_2026;

/** The puzzle's number on a day, counted from FIRST_DAY (puzzle 1). */
export function puzzleNumber(day: number): number {
  return day - FIRST_DAY + 1;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), the same on every engine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The answers in the Daily's order: a Fisher–Yates shuffle by the seeded generator. */
export function dailyOrder(answers: readonly string[], seed = DAILY_SEED): string[] {
  const order = [...answers];
  const random = seeded(seed);
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/** The Daily secret word of a day, from the answers in the Daily's order. */
export function dailyWord(day: number, order: readonly string[]): string {
  const count = order.length;
  return order[(((day - FIRST_DAY) % count) + count) % count]!;
}

/** "12 Nov 2026": a day as the game names it. */
export function dayLabel(day: number): string {
  return new Date(day * DAY_MS).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "2026-11-12": a day as a date input holds it. */
export function dayToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day of a date input's "2026-11-12", or undefined for anything else. */
export function isoToDay(iso: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : dayNumber(time);
}

/** "4h 05m 09s": the wait until the next Daily word (at 00:00 UTC). */
export function countdown(now = Date.now()): string {
  const seconds = Math.ceil(((dayNumber(now) + 1) * DAY_MS - now) / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}h ${pad(Math.floor(seconds / 60) % 60)}m ${pad(seconds % 60)}s`;
}
