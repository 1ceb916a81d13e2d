// Fixed-window rate limits in Redis: one counter per subject (a client address, a username) per
// window, checked in the same round trip as the request's own reads where possible.
import type { Pipeline } from '@upstash/redis';
import { AppError } from './app-error.ts';
import { keys } from './keys.ts';
import { redis } from './redis.ts';

export interface RateLimit {
  /** Names the counter, e.g. `login-ip`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** One attempt to count: the limit it is held to and whose attempt it is. */
export type Attempt = [limit: RateLimit, subject: string];

const RESULTS_PER_ATTEMPT = 3;

/** Adds the commands that count each attempt to `pipe`, ahead of whatever the request reads next. */
function countAttempts(pipe: Pipeline<[]>, attempts: Attempt[]): void {
  for (const [limit, subject] of attempts) {
    const key = keys.rateLimit(limit.bucket, subject);
    pipe.set(key, 0, { nx: true, ex: limit.windowSeconds });
    pipe.incr(key);
    pipe.ttl(key);
  }
}

/**
 * Throws `rate_limited` when any counted attempt is over its limit; otherwise returns the
 * pipeline's results that follow the counters (the request's own reads).
 */
function enforceAttempts(attempts: Attempt[], results: unknown[]): unknown[] {
  attempts.forEach(([limit], index) => {
    const count = Number(results[index * RESULTS_PER_ATTEMPT + 1]);
    const ttl = Math.max(1, Number(results[index * RESULTS_PER_ATTEMPT + 2]));
    if (count > limit.max) {
      const minutes = Math.ceil(ttl / 60);
      throw new AppError(
        'rate_limited',
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        { 'Retry-After': String(ttl) },
      );
    }
  });
  return results.slice(attempts.length * RESULTS_PER_ATTEMPT);
}

/**
 * Counts the attempts and runs the request's `reads` in the same round trip, refuses with
 * `rate_limited` when any attempt is over its limit, and returns the results of the reads.
 */
export async function withinRateLimits(attempts: Attempt[], reads: (pipe: Pipeline<[]>) => void = () => {}) {
  const pipe = redis().pipeline();
  countAttempts(pipe, attempts);
  reads(pipe);
  return enforceAttempts(attempts, await pipe.exec());
}
