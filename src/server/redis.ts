// The app's only door to Redis: @upstash/redis over its REST protocol, talking to Upstash in
// production and to tools/local-store on a developer's machine and in tests.
import { Redis } from '@upstash/redis';
import { AppError } from './app-error.ts';
import { optionalEnv } from './env.ts';
import { describeError } from './log.ts';

let client: Redis | undefined;
let clientFor = '';

export const STORE_UNAVAILABLE = 'The data store is unavailable right now. Please try again in a moment.';

/** Returns the shared client, configured from UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN. */
export function redis(): Redis {
  const url = optionalEnv('UPSTASH_REDIS_REST_URL');
  const token = optionalEnv('UPSTASH_REDIS_REST_TOKEN');
  if (!url || !token) {
    console.error('UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set.');
    throw new AppError('unavailable', STORE_UNAVAILABLE);
  }
  if (!client || clientFor !== `${url} ${token}`) {
    client = new Redis({
      url,
      token,
      // Values stay the strings we wrote; each feature parses what it stores, nothing is guessed.
      automaticDeserialization: false,
      // Two quick retries cover a dropped connection without holding a visitor for seconds.
      retry: { retries: 2, backoff: (attempt) => 50 * 2 ** attempt },
      enableTelemetry: false,
    });
    clientFor = `${url} ${token}`;
  }
  return client;
}

/**
 * Reads a HGETALL reply as a record of strings. With automatic deserialisation off, the client
 * hands back Redis' flat [field, value, …] list; an empty hash is null, as the client gives it.
 */
export function hashReply(reply: unknown): Record<string, string> | null {
  if (!Array.isArray(reply) || reply.length === 0) return null;
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < reply.length; i += 2) record[String(reply[i])] = String(reply[i + 1]);
  return record;
}

/**
 * Reads the hashes a sorted-set index points to, newest (highest score) first: the ids, then all
 * the hashes in one pipeline. For listings in the admin CLI; request paths keep to one round trip.
 */
export async function newestHashes(
  index: string,
  hashKey: (id: string) => string,
  limit: number,
): Promise<Record<string, string>[]> {
  const ids = (await redis().zrange(index, 0, limit - 1, { rev: true })) as string[];
  if (ids.length === 0) return [];
  const pipe = redis().pipeline();
  for (const id of ids) pipe.hgetall(hashKey(id));
  return (await pipe.exec()).map(hashReply).filter((record) => record !== null);
}

/** Answers whether the store responds to PING. */
export async function pingStore(): Promise<boolean> {
  try {
    return (await redis().ping()) === 'PONG';
  } catch (error) {
    if (!(error instanceof AppError)) console.error('Store ping failed:', describeError(error));
    return false;
  }
}

/** Recognises a failure to reach the store (as opposed to a bad command, which is a bug). */
export function isStoreUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: { code?: string } }).cause;
  return (
    (error instanceof TypeError && /fetch failed/i.test(error.message)) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(cause?.code ?? '') ||
    error.name === 'UpstashJSONParseError'
  );
}
