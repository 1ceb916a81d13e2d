// How long ago something happened, in words ('3 minutes ago', 'yesterday'), through the platform's
// Intl.RelativeTimeFormat: nothing to ship or keep up to date.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

let format: Intl.RelativeTimeFormat | undefined;

/** Words the time from `at` (ISO 8601) to `now`: 'just now' within ten seconds, else '3 minutes ago'. */
export function timeAgo(at: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  if (Math.abs(seconds) < 10) return 'just now';
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return format.format(Math.round(seconds / size), unit);
}
