// The embedded engine must lose nothing it acknowledged across a restart, keep expiry times
// absolute, survive a torn last line, and keep its log bounded, and free of scripts at a close, by
// rewriting it.
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command, Engine } from './engine.ts';
import { createMemoryEngine } from './memory-engine.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'memory-engine-'));

async function one(engine: Engine, command: Command): Promise<unknown> {
  const [reply] = await engine.run([command], 'pipeline');
  if (!reply || 'error' in reply) throw new Error(reply ? reply.error : 'no reply');
  return reply.result;
}

describe('embedded engine persistence', () => {
  it('replays every acknowledged write after a restart', async () => {
    const dir = freshDir();
    const first = createMemoryEngine({ dataDir: dir });
    await first.run(
      [
        ['SET', 'greeting', 'héllo'],
        ['HSET', 'user:1', 'name', 'Ada', 'clearance', '3'],
        ['RPUSH', 'queue', 'a', 'b', 'c'],
        ['SADD', 'tags', 'x', 'y', 'z'],
        ['ZADD', 'board', '5', 'ada', '3', 'bob'],
        ['INCRBY', 'visits', '41'],
        ['INCR', 'visits'],
        ['DEL', 'nobody'],
      ],
      'transaction',
    );
    const sha = await one(first, ['SCRIPT', 'LOAD', "return redis.call('incrby', KEYS[1], ARGV[1])"]);
    await one(first, ['EVALSHA', String(sha), '1', 'scripted', '7']);
    const popped = await one(first, ['SPOP', 'tags']);
    await first.close();

    const second = createMemoryEngine({ dataDir: dir });
    expect(await one(second, ['GET', 'greeting'])).toBe('héllo');
    expect(await one(second, ['HGETALL', 'user:1'])).toEqual(['name', 'Ada', 'clearance', '3']);
    expect(await one(second, ['LRANGE', 'queue', '0', '-1'])).toEqual(['a', 'b', 'c']);
    // SPOP is random: the log must record which member it took, not replay another pick.
    const tags = (await one(second, ['SMEMBERS', 'tags'])) as string[];
    expect(tags.sort()).toEqual(['x', 'y', 'z'].filter((t) => t !== popped));
    expect(await one(second, ['ZRANGE', 'board', '0', '-1', 'WITHSCORES'])).toEqual(['bob', '3', 'ada', '5']);
    expect(await one(second, ['GET', 'visits'])).toBe('42');
    expect(await one(second, ['GET', 'scripted'])).toBe('7');
    await second.close();
  });

  it('keeps expiry times absolute across a restart', async () => {
    const dir = freshDir();
    const first = createMemoryEngine({ dataDir: dir });
    await one(first, ['SET', 'session', 'v', 'EX', '100']);
    await one(first, ['SET', 'brief', 'v', 'PX', '50']);
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 120));

    const second = createMemoryEngine({ dataDir: dir });
    const ttl = Number(await one(second, ['PTTL', 'session']));
    expect(ttl).toBeGreaterThan(98_000);
    expect(ttl).toBeLessThan(100_000 - 100); // counted from the original write, not the replay
    expect(await one(second, ['GET', 'brief'])).toBeNull();
    await second.close();
  });

  it('drops a torn final line left by a crash and keeps the rest', async () => {
    const dir = freshDir();
    const first = createMemoryEngine({ dataDir: dir });
    await one(first, ['SET', 'kept', '1']);
    await first.close();
    appendFileSync(join(dir, 'append-only.log'), '{"t":1,"c":["set","torn"');

    const second = createMemoryEngine({ dataDir: dir });
    expect(await one(second, ['GET', 'kept'])).toBe('1');
    expect(await one(second, ['GET', 'torn'])).toBeNull();
    await second.close();
  });

  it('does not log reads or failed writes', async () => {
    const dir = freshDir();
    const engine = createMemoryEngine({ dataDir: dir });
    await one(engine, ['SET', 'word', 'abc']);
    await engine.run(
      [
        ['GET', 'word'],
        ['INCR', 'word'],
        ['HGETALL', 'word'],
      ],
      'pipeline',
    );
    await engine.close();
    const lines = readFileSync(join(dir, 'append-only.log'), 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).c)).toEqual([['set', 'word', 'abc']]);
  });

  it('leaves no script in the log at a clean close, so the next start replays data only', async () => {
    const dir = freshDir();
    const engine = createMemoryEngine({ dataDir: dir });
    await one(engine, ['EVAL', "return redis.call('HSET', KEYS[1], 'name', ARGV[1])", '1', 'user:2', 'Bo']);
    await one(engine, ['EXPIRE', 'user:2', '500']);
    await engine.close();
    const lines = readFileSync(join(dir, 'append-only.log'), 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { c: string[] }).c[0])).toEqual(['hset', 'pexpireat']);

    const reopened = createMemoryEngine({ dataDir: dir });
    expect(await one(reopened, ['HGET', 'user:2', 'name'])).toBe('Bo');
    expect(Number(await one(reopened, ['TTL', 'user:2']))).toBeGreaterThan(490);
    await reopened.close();
  });

  it('rewrites a log that has grown into a snapshot of the live data', async () => {
    const dir = freshDir();
    const engine = createMemoryEngine({ dataDir: dir, compactAtBytes: 20_000 });
    for (let i = 0; i < 400; i++) await one(engine, ['SET', 'counter', String(i).padStart(40, '0')]);
    await one(engine, ['HSET', 'profile', 'name', 'Ada']);
    await one(engine, ['EXPIRE', 'profile', '500']);
    await engine.close();
    const size = statSync(join(dir, 'append-only.log')).size;
    expect(size).toBeLessThan(20_000);

    const reopened = createMemoryEngine({ dataDir: dir });
    expect(await one(reopened, ['GET', 'counter'])).toBe('399'.padStart(40, '0'));
    expect(await one(reopened, ['HGET', 'profile', 'name'])).toBe('Ada');
    expect(Number(await one(reopened, ['TTL', 'profile']))).toBeGreaterThan(490);
    await reopened.close();
  });
});
