// Fixed-window rate limits in Redis: one counter per subject (a client address, a username) per
// window, checked in the same round trip as the request's own reads where possible.
import type { Pipeline } from '@upstash/redis';
import { AppError } from './app-error.ts';
import { keys } from './keys.ts';

export interface RateLimit {
  /** Names the counter, e.g. `login-ip`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

type AnyPipeline = Pipeline<[]>;

/** Adds the commands that count one attempt for `subject` against `limit`: three results. */
export function countAttempt(pipe: AnyPipeline, limit: RateLimit, subject: string): void {
  const key = keys.rateLimit(limit.bucket, subject);
  pipe.set(key, 0, { nx: true, ex: limit.windowSeconds });
  pipe.incr(key);
  pipe.ttl(key);
}

export const RESULTS_PER_ATTEMPT = 3;

/** Throws `rate_limited` when the counted attempt (its three results) is over the limit. */
export function enforceAttempt(limit: RateLimit, results: unknown[]): void {
  const count = Number(results[1]);
  const ttl = Math.max(1, Number(results[2]));
  if (count > limit.max) {
    const minutes = Math.ceil(ttl / 60);
    throw new AppError(
      'rate_limited',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { 'Retry-After': String(ttl) },
    );
  }
}
