// The local store on a real Redis keeps to the logical database its URL names (redis://host:port/13),
// which tests sharing one Redis rely on to stay out of each other's way (scripts/backup.test.ts).
// Runs only when REDIS_URL names a Redis.
import { randomUUID } from 'node:crypto';
import { Redis as Direct } from 'ioredis';
import { Redis } from '@upstash/redis';
import { describe, expect, it } from 'vitest';
import { startLocalStore } from './start.ts';

const REDIS_URL = process.env.REDIS_URL;
const DB = 15;

describe.runIf(REDIS_URL)('local store on a real Redis', () => {
  it('writes into the logical database its URL names, and no other', async () => {
    const url = new URL(REDIS_URL!);
    url.pathname = `/${DB}`;
    const key = `redis-engine:${randomUUID()}`;
    const store = await startLocalStore({ redisUrl: url.href });
    const inDb = new Direct(REDIS_URL!, { db: DB });
    const base = new Direct(REDIS_URL!); // the database REDIS_URL itself names (0 unless it says)
    try {
      expect(store.engine.description).toMatch(new RegExp(`/${DB}$`));
      const client = new Redis({ url: store.url, token: store.token, retry: false, enableTelemetry: false });
      await client.set(key, 'here');
      expect(await inDb.get(key)).toBe('here');
      expect(await base.get(key)).toBeNull();
    } finally {
      await inDb.del(key);
      inDb.disconnect();
      base.disconnect();
      await store.close();
    }
  });
});
