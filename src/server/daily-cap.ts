// Daily caps: how much may happen in one UTC day (mail sent, messages stored, posts per user,
// chatbot questions and tokens), counted in Redis by the scripts that do the capped thing
// (src/server/scripts/daily-cap.ts). Days reset at 00:00 UTC (src/lib/utc-day.ts): each day has its
// own counter key, which expires when the day ends.
import { secondsUntilReset, utcDay } from '../lib/utc-day.ts';
import { AppError } from './app-error.ts';
import { optionalEnv } from './env.ts';
import { keys } from './keys.ts';

/**
 * A day's counter for a script: its key and its time to live, the seconds left in the day (so it
 * expires at 00:00 UTC as this function's clock tells it, whatever the store's clock says).
 */
export function dailyCounter(cap: string, subject = '', now = Date.now()): [key: string, ttlSeconds: number] {
  return [keys.dailyCount(cap, utcDay(now).day, subject), secondsUntilReset(now)];
}

/** Reads a cap from the environment: a whole number of at least 0, else `fallback`. */
export function capFromEnv(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

/** Builds the refusal (429) for something over its daily cap: `message`, and Retry-After until 00:00 UTC. */
export function overDailyCap(message: string, now = Date.now()): AppError {
  return new AppError('rate_limited', message, { 'Retry-After': String(secondsUntilReset(now)) });
}

/** The refusal for `what` over its daily cap, saying it opens again at 00:00 UTC. */
export function dailyCapReached(what: string, now = Date.now()): AppError {
  return overDailyCap(`${what} Please try again after 00:00 UTC.`, now);
}
