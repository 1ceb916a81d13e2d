// Fixed-window rate limits in Redis: one counter per subject (a client address, a username) per
// window, checked in the same round trip as the request's own reads where possible.
import type { Pipeline } from '@upstash/redis';
import { AppError } from './app-error.ts';
import { isLocalRun, optionalEnv } from './env.ts';
import { keys } from './keys.ts';
import { redis } from './redis.ts';

export interface RateLimit {
  /** Names the counter, e.g. `login-ip`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * The attempts a limit allows. On a local run (never in production) RATE_LIMIT_SCALE multiplies
 * it, so the bench can load one endpoint from one address without measuring refusals.
 */
export function allowedAttempts(limit: RateLimit): number {
  return scaledForLocalRun(limit.max);
}

/** A limit or cap, multiplied by RATE_LIMIT_SCALE on a local run (the bench's load); as is in production. */
export function scaledForLocalRun(max: number): number {
  const scale = isLocalRun() ? Number(optionalEnv('RATE_LIMIT_SCALE') ?? 1) : 1;
  return max * (Number.isFinite(scale) && scale >= 1 ? scale : 1);
}

/** One attempt to count: the limit it is held to and whose attempt it is. */
export type Attempt = [limit: RateLimit, subject: string];

const RESULTS_PER_ATTEMPT = 3;

/** The counter key and the limit's arguments, for a script that counts the attempt (count_in). */
export function attemptCounter([limit, subject]: Attempt): [key: string, max: number, windowSeconds: number] {
  return [keys.rateLimit(limit.bucket, subject), allowedAttempts(limit), limit.windowSeconds];
}

/** Builds the refusal for an attempt over its limit, saying when the window reopens. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    'rate_limited',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Adds the commands that count each attempt to `tx`, ahead of whatever the request reads next. */
function countAttempts(tx: Pipeline<[]>, attempts: Attempt[]): void {
  for (const [limit, subject] of attempts) {
    const key = keys.rateLimit(limit.bucket, subject);
    tx.set(key, 0, { nx: true, ex: limit.windowSeconds });
    tx.incr(key);
    tx.ttl(key);
  }
}

/**
 * Throws `rate_limited` when any counted attempt is over its limit; otherwise returns the
 * transaction's results that follow the counters (the request's own reads).
 */
function enforceAttempts(attempts: Attempt[], results: unknown[]): unknown[] {
  attempts.forEach(([limit], index) => {
    const count = Number(results[index * RESULTS_PER_ATTEMPT + 1]);
    const ttl = Math.max(1, Number(results[index * RESULTS_PER_ATTEMPT + 2]));
    if (count > allowedAttempts(limit)) throw rateLimited(ttl);
  });
  return results.slice(attempts.length * RESULTS_PER_ATTEMPT);
}

/**
 * Counts the attempts and runs the request's `reads` in the same round trip, refuses with
 * `rate_limited` when any attempt is over its limit, and returns the results of the reads.
 * It is one MULTI/EXEC: a transaction runs whole with the store's clock stopped, so a window
 * cannot end between the SET that gives a counter its expiry and the INCR that counts (as it
 * could in a plain pipeline, leaving a counter that never expires and a limit that never lifts).
 */
export async function withinRateLimits(attempts: Attempt[], reads: (tx: Pipeline<[]>) => void = () => {}) {
  const tx = redis().multi();
  countAttempts(tx, attempts);
  reads(tx);
  return enforceAttempts(attempts, await tx.exec());
}

/** One write command: its name, the key it writes, then its arguments. */
export type Write = [command: string, key: string, ...args: (string | number)[]];
