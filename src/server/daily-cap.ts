// Daily caps: how much may happen in one UTC day (mail sent, messages stored, posts per user),
// counted in Redis by the scripts that do the capped thing (src/server/scripts/daily-cap.ts).
// Days reset at 00:00 UTC: each day has its own counter key, which expires when the day ends.
import { AppError } from './app-error.ts';
import { optionalEnv } from './env.ts';
import { keys } from './keys.ts';

/** The UTC day `now` falls in ('YYYY-MM-DD') and its end, in unix seconds. */
export function utcDay(now = Date.now()): { day: string; endsAt: number } {
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  return { day: start.toISOString().slice(0, 10), endsAt: start.getTime() / 1000 + 24 * 60 * 60 };
}

/** A day's counter for a script: its key and when it expires (the day's end, unix seconds). */
export function dailyCounter(cap: string, subject = '', now = Date.now()): [key: string, expireAt: number] {
  const { day, endsAt } = utcDay(now);
  return [keys.dailyCount(cap, day, subject), endsAt];
}

/** Reads a cap from the environment: a whole number of at least 0, else `fallback`. */
export function capFromEnv(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** Builds the refusal for something over its daily cap (429), saying it opens again at 00:00 UTC. */
export function dailyCapReached(what: string, now = Date.now()): AppError {
  const waitSeconds = Math.max(1, Math.ceil(utcDay(now).endsAt - now / 1000));
  return new AppError('rate_limited', `${what} Please try again after 00:00 UTC.`, {
    'Retry-After': String(waitSeconds),
  });
}
