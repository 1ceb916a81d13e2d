// The UTC day every daily cap counts in (src/server/daily-cap.ts), and the word game's Daily word
// changes on: days reset at 00:00 UTC, for every visitor wherever they are. The one place that
// says which day it is and how long it lasts, shared by the server (counter keys, their expiry,
// Retry-After, the day of a game) and the page (the chatbot's reset, the Daily word); and a date in
// words, as the shop's pickup day reads in the order dialog, its mail and the dashboard.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day `now` (ms) falls in ('YYYY-MM-DD') and its end, in unix seconds. */
export function utcDay(now = Date.now()): { day: string; endsAt: number } {
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  return { day: new Date(start).toISOString().slice(0, 10), endsAt: (start + DAY_MS) / 1000 };
}

/** Whole seconds from `now` (ms) until the next 00:00 UTC (at least 1). */
export function secondsUntilReset(now = Date.now()): number {
  return Math.max(1, Math.ceil(utcDay(now).endsAt - now / 1000));
}

/** The UTC day `now` (ms) falls in, as a whole number: days since 1970-01-01. */
export function dayNumber(now = Date.now()): number {
  return Math.floor(now / DAY_MS);
}

/** A date ('YYYY-MM-DD') in words, the same wherever it is read: 'Saturday, December 5'. */
export function dateInWords(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
}
