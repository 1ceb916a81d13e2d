// The same cases, through the production client (@upstash/redis over HTTP), against both engines:
// the embedded one always, a real Redis when REDIS_URL is set. If the embedded engine drifts from
// Redis on anything the app relies on, one half of this suite fails.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStoreServer } from './server.ts';
import { MAX_REQUEST_BYTES } from './server.ts';
import { startLocalStore } from './start.ts';

const engines = [
  { name: 'embedded engine', options: () => ({ dataDir: mkdtempSync(join(tmpdir(), 'contract-')) }) },
  ...(process.env.REDIS_URL ? [{ name: 'real Redis', options: () => ({ redisUrl: process.env.REDIS_URL }) }] : []),
];

describe.each(engines)('local store on the $name', ({ options }) => {
  let store: LocalStoreServer;
  let redis: Redis;
  // Keys are namespaced per run so a shared Redis is never disturbed.
  const ns = `contract:${randomUUID()}:`;
  const key = (name: string) => `${ns}${name}`;

  beforeAll(async () => {
    store = await startLocalStore(options());
    redis = new Redis({ url: store.url, token: store.token, retry: false, enableTelemetry: false });
  });

  afterAll(async () => {
    const [, leftovers] = await redis.scan(0, { match: `${ns}*`, count: 10_000 });
    if (leftovers.length) await redis.del(...leftovers);
    await store.close();
  });

  function post(path: string, body: string, headers: Record<string, string> = {}) {
    return fetch(`${store.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${store.token}`, ...headers },
      body,
    });
  }

  it('sets strings with NX and EX, in either case', async () => {
    expect(await redis.set(key('s'), 'first', { nx: true, ex: 60 })).toBe('OK');
    expect(await redis.set(key('s'), 'second', { nx: true })).toBeNull();
    expect(await redis.get(key('s'))).toBe('first');
    const ttl = await redis.ttl(key('s'));
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
    // Raw lower-case options, as the platform notes warn the mock ignores.
    const raw = await post('/', JSON.stringify(['set', key('s'), 'third', 'nx']));
    expect(await raw.json()).toEqual({ result: null });
    expect(await redis.set(key('s'), 'fourth', { xx: true })).toBe('OK');
    expect(await redis.get(key('s'))).toBe('fourth');
  });

  it('stops the clock for a whole transaction, so a key cannot expire between its commands', async () => {
    // A set big enough that intersecting it takes longer than the counter's 1 ms window.
    await redis.sadd(key('many'), 0, ...Array.from({ length: 3000 }, (_, i) => i + 1));
    const tx = redis.multi();
    tx.set(key('window'), 0, { nx: true, px: 1 });
    tx.sinterstore(key('intersection'), key('many'), key('many'));
    tx.sinterstore(key('intersection'), key('many'), key('many'));
    tx.incr(key('window'));
    tx.pttl(key('window'));
    const [, , , count, pttl] = (await tx.exec()) as number[];
    expect(count).toBe(1);
    // Still the key SET made (0 or 1 ms left), never a new one INCR made without expiry (-1).
    expect(pttl).toBeGreaterThanOrEqual(0);
    expect(await redis.ttl(key('window'))).not.toBe(-1);
  });

  it("keeps its own clock, and leaves a client's Date.now as it found it (a test's fake clock)", async () => {
    const yesterday = Date.now() - 86_400_000;
    const fake = () => yesterday;
    const own = Date.now;
    Date.now = fake;
    try {
      await redis.set(key('clock'), 'v', { px: 5000 });
      const tx = redis.multi();
      tx.pttl(key('clock'));
      const [pttl] = (await tx.exec()) as number[];
      expect(Date.now).toBe(fake);
      // A key set to live 5 s from the store's now is alive by the store's clock, whatever the client's.
      expect(pttl).toBeGreaterThan(4000);
      expect(await redis.get(key('clock'))).toBe('v');
    } finally {
      Date.now = own;
    }
  });

  it('keeps strings as written, including unicode and JSON', async () => {
    await redis.set(key('json'), JSON.stringify({ name: 'Zoë', n: 1 }));
    expect(await redis.get(key('json'))).toEqual({ name: 'Zoë', n: 1 });
    await redis.set(key('text'), 'héllo → wörld');
    expect(await redis.get(key('text'))).toBe('héllo → wörld');
  });

  it('works with hashes', async () => {
    expect(await redis.hset(key('h'), { name: 'Ada', score: 3 })).toBe(2);
    expect(await redis.hget(key('h'), 'name')).toBe('Ada');
    expect(await redis.hgetall(key('h'))).toEqual({ name: 'Ada', score: 3 });
    expect(await redis.hincrby(key('h'), 'score', 4)).toBe(7);
    expect(await redis.hdel(key('h'), 'name')).toBe(1);
    expect(await redis.hgetall(key('h'))).toEqual({ score: 7 });
    expect(await redis.hgetall(key('missing-hash'))).toBeNull();
  });

  it('works with sets', async () => {
    expect(await redis.sadd(key('set'), 'a', 'b', 'c')).toBe(3);
    expect(await redis.sadd(key('set'), 'a')).toBe(0);
    expect(await redis.sismember(key('set'), 'b')).toBe(1);
    expect(await redis.srem(key('set'), 'b')).toBe(1);
    expect((await redis.smembers(key('set'))).sort()).toEqual(['a', 'c']);
    expect(await redis.scard(key('set'))).toBe(2);
  });

  it('works with sorted sets', async () => {
    expect(
      await redis.zadd(
        key('z'),
        { score: 2, member: 'two' },
        { score: 1, member: 'one' },
        { score: 3, member: 'three' },
      ),
    ).toBe(3);
    expect(await redis.zrange(key('z'), 0, -1)).toEqual(['one', 'two', 'three']);
    expect(await redis.zrange(key('z'), 0, 1, { rev: true })).toEqual(['three', 'two']);
    expect(await redis.zrange(key('z'), 0, -1, { withScores: true })).toEqual(['one', 1, 'two', 2, 'three', 3]);
    expect(await redis.zscore(key('z'), 'two')).toBe(2);
    expect(await redis.zadd(key('z'), { nx: true }, { score: 9, member: 'one' })).toBe(0);
    expect(await redis.zscore(key('z'), 'one')).toBe(1);
    expect(await redis.zrem(key('z'), 'two')).toBe(1);
    expect(await redis.zcard(key('z'))).toBe(2);
  });

  it('reads and writes JSON in Lua with cjson, as Redis gives every script', async () => {
    // Escapes written by hand: a surrogate pair, a control character, a quote and a slash.
    const json =
      '{"name":"Zo\u00eb \\"q\\" \\\\ \\/ \\u0001 \\ud83d\\udca5","quantity":3,"flag":true,"none":null,"list":[1,"a",{"b":2.5}]}';
    const reply = (await redis.eval(
      `local v = cjson.decode(ARGV[1])
      v.quantity = v.quantity + 2
      return {cjson.encode(v), v.name, v.flag and 1 or 0, v.none == cjson.null and 1 or 0, #v.list, cjson.encode({})}`,
      [],
      [json],
    )) as unknown[];
    // (This client reads a JSON-looking reply as JSON.)
    const encoded = typeof reply[0] === 'string' ? JSON.parse(reply[0]) : reply[0];
    expect(encoded).toEqual({ ...JSON.parse(json), quantity: 5 });
    expect(reply.slice(1)).toEqual(['Zoë "q" \\ / \u0001 💥', 1, 1, 3, {}]);
    await expect(redis.eval('return cjson.decode(\'{"a":1} x\')', [], [])).rejects.toThrow();
  });

  it('pages a sorted set by score from Lua, newest first, below an exclusive bound (the forum’s cursor)', async () => {
    const [first, ...rest] = [1, 2, 3, 4, 5].map((score) => ({ score, member: `m${score}` }));
    await redis.zadd(key('page'), first!, ...rest);
    const page = (below: string) =>
      redis.eval(
        "return redis.call('ZREVRANGEBYSCORE', KEYS[1], ARGV[1], '-inf', 'WITHSCORES', 'LIMIT', 0, 2)",
        [key('page')],
        [below],
      );
    // (This client reads the scores' digits as numbers.)
    expect(await page('+inf')).toEqual(['m5', 5, 'm4', 4]);
    expect(await page('(4')).toEqual(['m3', 3, 'm2', 2]);
    expect(await page('(2')).toEqual(['m1', 1]);
    expect(await page('(1')).toEqual([]);
  });

  it('works with lists', async () => {
    expect(await redis.rpush(key('l'), 'a', 'b')).toBe(2);
    expect(await redis.lpush(key('l'), 'z')).toBe(3);
    expect(await redis.lrange(key('l'), 0, -1)).toEqual(['z', 'a', 'b']);
    expect(await redis.llen(key('l'))).toBe(3);
    expect(await redis.rpop(key('l'))).toBe('b');
    await redis.ltrim(key('l'), 0, 0);
    expect(await redis.lrange(key('l'), 0, -1)).toEqual(['z']);
  });

  it('counts with INCR and refuses non-integers', async () => {
    expect(await redis.incr(key('n'))).toBe(1);
    expect(await redis.incrby(key('n'), 41)).toBe(42);
    expect(await redis.decr(key('n'))).toBe(41);
    await redis.set(key('word'), 'abc');
    await expect(redis.incr(key('word'))).rejects.toThrow(/not an integer/);
    expect(await redis.get(key('word'))).toBe('abc');
  });

  it('refuses commands on a key of the wrong type', async () => {
    await redis.set(key('plain'), 'x');
    await expect(redis.hset(key('plain'), { f: 'v' })).rejects.toThrow(/WRONGTYPE/);
    await expect(redis.lpush(key('plain'), 'v')).rejects.toThrow(/WRONGTYPE/);
    expect(await redis.get(key('plain'))).toBe('x');
  });

  it('expires keys with EXPIRE and reports TTL', async () => {
    await redis.set(key('e'), 'v');
    expect(await redis.ttl(key('e'))).toBe(-1);
    expect(await redis.expire(key('e'), 100)).toBe(1);
    expect(await redis.ttl(key('e'))).toBeGreaterThan(95);
    expect(await redis.ttl(key('nothing'))).toBe(-2);
    await redis.set(key('short'), 'v', { px: 30 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await redis.get(key('short'))).toBeNull();
  });

  it('expires keys at a time with PEXPIREAT (what a backup import sets)', async () => {
    await redis.set(key('at'), 'v');
    expect(await redis.pexpireat(key('at'), Date.now() + 60_000)).toBe(1);
    const pttl = await redis.pttl(key('at'));
    expect(pttl).toBeGreaterThan(55_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
    await redis.set(key('at-past'), 'v');
    expect(await redis.pexpireat(key('at-past'), Date.now() - 1000)).toBe(1);
    expect(await redis.exists(key('at-past'))).toBe(0);
    expect(await redis.pexpireat(key('at-nothing'), Date.now() + 60_000)).toBe(0);
    expect(await redis.exists(key('at-nothing'))).toBe(0);
  });

  it('scans with MATCH and TYPE', async () => {
    await redis.set(key('scan:a'), '1');
    await redis.hset(key('scan:b'), { f: '1' });
    await redis.sadd(key('scan:c'), 'x');
    const seen = new Set<string>();
    let cursor: string | number = 0;
    do {
      const [next, batch]: [string, string[]] = await redis.scan(cursor, { match: `${ns}scan:*`, count: 100 });
      batch.forEach((k) => seen.add(k));
      cursor = next;
    } while (String(cursor) !== '0');
    expect([...seen].sort()).toEqual([key('scan:a'), key('scan:b'), key('scan:c')]);
    const hashes: string[] = [];
    cursor = 0;
    do {
      const [next, batch]: [string, string[]] = await redis.scan(cursor, {
        match: `${ns}scan:*`,
        type: 'hash',
        count: 100,
      });
      hashes.push(...batch);
      cursor = next;
    } while (String(cursor) !== '0');
    expect(hashes).toEqual([key('scan:b')]);
  });

  it('runs MULTI/EXEC transactions in order', async () => {
    const tx = redis.multi();
    tx.set(key('tx'), '1');
    tx.incr(key('tx'));
    tx.get(key('tx'));
    expect(await tx.exec()).toEqual(['OK', 2, 2]); // the test client parses '2' as JSON
  });

  it('runs pipelines and reports a failing command in its place', async () => {
    const pipe = redis.pipeline();
    pipe.set(key('p'), 'v');
    pipe.get(key('p'));
    pipe.incr(key('p'));
    const results = await pipe.exec({ keepErrors: true });
    expect(results[0]).toEqual({ result: 'OK', error: undefined });
    expect(results[1]).toEqual({ result: 'v', error: undefined });
    expect(results[2]?.error).toMatch(/not an integer/);
  });

  it('runs Lua with EVAL, and EVALSHA through the client script cache', async () => {
    const body = "redis.call('set', KEYS[1], ARGV[1]); return redis.call('get', KEYS[1])";
    expect(await redis.eval(body, [key('lua')], ['from-lua'])).toBe('from-lua');
    const sha = await redis.scriptLoad("return redis.call('incrby', KEYS[1], ARGV[1])");
    expect(await redis.evalsha(sha, [key('lua-n')], ['5'])).toBe(5);
    expect(await redis.scriptExists(sha, '0000000000000000000000000000000000000000')).toEqual([1, 0]);
    await expect(redis.evalsha('0000000000000000000000000000000000000000', [], [])).rejects.toThrow(/NOSCRIPT/);
  });

  describe('Lua as Redis 7 runs it', () => {
    // Replies exactly as the store sends them: the app's client does not guess at JSON either.
    let raw: Redis;
    beforeAll(() => {
      raw = new Redis({
        url: store.url,
        token: store.token,
        retry: false,
        enableTelemetry: false,
        automaticDeserialization: false,
      });
    });
    const run = (lua: string, keyNames: string[] = [], args: string[] = []) => raw.eval(lua, keyNames.map(key), args);

    it('answers a table built in a loop as an array, nested tables too', async () => {
      const lua = "local out = {} for i = 1, 3 do out[#out + 1] = 'item ' .. i end return {out, #out, {}}";
      expect(await run(lua)).toEqual([['item 1', 'item 2', 'item 3'], 3, []]);
    });

    it('hands a status reply to the script as the table {ok = text}, a bulk string as a string', async () => {
      const lua = `local set = redis.call('SET', KEYS[1], 'OK')
return cjson.encode({set, redis.call('TYPE', KEYS[1]), redis.call('GET', KEYS[1]), redis.call('SET', KEYS[1], 'x', 'GET'), type(set)})`;
      expect(JSON.parse(String(await run(lua, ['lua-status'])))).toEqual([
        { ok: 'OK' },
        { ok: 'string' },
        'OK',
        'OK',
        'table',
      ]);
    });

    it('stores a number a script passes as its text, as Redis does', async () => {
      const lua = `redis.call('SET', KEYS[1], 1732755123456)
redis.call('HSET', KEYS[2], 'whole', 42, 'part', 1.5)
return {redis.call('GET', KEYS[1]), redis.call('HGET', KEYS[2], 'whole'), redis.call('HGET', KEYS[2], 'part')}`;
      expect(await run(lua, ['lua-number', 'lua-number-hash'])).toEqual(['1732755123456', '42', '1.5']);
    });

    it('hands replies to the script as Lua tables it can change', async () => {
      await redis.sadd(key('lua-set'), 'b', 'a', 'c');
      const lua = `local members = redis.call('SMEMBERS', KEYS[1])
table.sort(members)
table.insert(members, type(members))
return members`;
      expect(await run(lua, ['lua-set'])).toEqual(['a', 'b', 'c', 'table']);
    });

    it('sees a missing value as false: HGET of a missing field, HMGET holes, GET of a missing key', async () => {
      await redis.hset(key('lua-h'), { a: 'x' });
      const lua = `local field = redis.call('HGET', KEYS[1], 'nope')
local fields = redis.call('HMGET', KEYS[1], 'nope', 'a', 'nope')
local value = redis.call('GET', KEYS[2])
local seen = {}
for i = 1, #fields do seen[i] = fields[i] and 'found' or 'missing' end
return {type(field), type(fields[1]), fields[2], type(value), #fields, table.concat(seen, ',')}`;
      expect(await run(lua, ['lua-h', 'lua-none'])).toEqual([
        'boolean',
        'boolean',
        'x',
        'boolean',
        3,
        'missing,found,missing',
      ]);
    });

    it('converts the result by Redis rules: an array stops at its first nil, false is nil, true is 1', async () => {
      expect(await run("return {'a', 'b', nil, 'd'}")).toEqual(['a', 'b']);
      expect(await run("return {'a', false, 'c', true}")).toEqual(['a', null, 'c', 1]);
      expect(await run('return false')).toBeNull();
      expect(await run('return nil')).toBeNull();
      expect(await run('return 3.99')).toBe(3);
      expect(await run('return -3.99')).toBe(-3);
    });

    it('prints integers from replies without a decimal point', async () => {
      expect(await run("return 'count ' .. redis.call('INCR', KEYS[1])", ['lua-count'])).toBe('count 1');
    });

    it('has the global unpack of Lua 5.1', async () => {
      await redis.hset(key('lua-u'), { a: '1', b: '2' });
      expect(await run("return redis.call('HMGET', KEYS[1], unpack(ARGV))", ['lua-u'], ['b', 'a'])).toEqual(['2', '1']);
    });

    it('answers status and error tables as status and error replies', async () => {
      expect(await run("return redis.status_reply('FINE')")).toBe('FINE');
      expect(await run("return {ok = 'ALSO FINE'}")).toBe('ALSO FINE');
      await expect(run("return redis.error_reply('MYERR went wrong')")).rejects.toThrow(/MYERR went wrong/);
      await expect(run("return {err = 'MYERR also wrong'}")).rejects.toThrow(/MYERR also wrong/);
    });

    it('lets a script shadow KEYS and ARGV with locals and return early from its top level', async () => {
      // src/server/scripts/script.ts's SESSION_PRELUDE: check the first key, then drop it.
      await redis.hset(key('lua-session'), { session: 'abc' });
      const checked = `if redis.call('HGET', KEYS[1], 'session') ~= ARGV[1] then
  return redis.error_reply('SESSION_ENDED the session has ended')
end
local KEYS, ARGV = {unpack(KEYS, 2)}, {unpack(ARGV, 2)}
local function first() return KEYS[1] .. '=' .. ARGV[1] end
return {first(), #KEYS, #ARGV}`;
      expect(await run(checked, ['lua-session', 'lua-k1', 'lua-k2'], ['abc', 'a1'])).toEqual([
        `${key('lua-k1')}=a1`,
        2,
        1,
      ]);
      await expect(run(checked, ['lua-session', 'lua-k1'], ['old', 'a1'])).rejects.toThrow(/SESSION_ENDED/);
      await expect(run(checked, ['lua-none', 'lua-k1'], ['abc', 'a1'])).rejects.toThrow(/SESSION_ENDED/);
    });

    it("names the script's line in a runtime error", async () => {
      await expect(run("local x = 1\nerror('boom')")).rejects.toThrow(/user_script:2: boom/);
    });

    it('keeps text with quotes, backslashes, control characters and unicode intact', async () => {
      const text = 'say "hi" \\ tab\there\nnew line, Zoë →';
      expect(await run('return {ARGV[1], #ARGV[1]}', [], [text])).toEqual([text, Buffer.byteLength(text)]);
    });
  });

  it('answers base64-encoded strings when the client asks, except OK', async () => {
    await redis.set(key('b64'), 'héllo');
    const response = await post(
      '/pipeline',
      JSON.stringify([
        ['set', key('b64-2'), 'x'],
        ['get', key('b64')],
        ['incr', key('b64-n')],
      ]),
      {
        'Upstash-Encoding': 'base64',
      },
    );
    expect(await response.json()).toEqual([
      { result: 'OK' },
      { result: Buffer.from('héllo').toString('base64') },
      { result: 1 },
    ]);
    const plain = await post('/', JSON.stringify(['get', key('b64')]));
    expect(await plain.json()).toEqual({ result: 'héllo' });
  });

  it('refuses a wrong or missing token on every path', async () => {
    const intruder = new Redis({ url: store.url, token: 'wrong', retry: false, enableTelemetry: false });
    await expect(intruder.get(key('s'))).rejects.toThrow(/Unauthorized/);
    for (const path of ['/', '/pipeline', '/multi-exec']) {
      const response = await fetch(`${store.url}${path}`, { method: 'POST', body: JSON.stringify([['ping']]) });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Unauthorized' });
    }
  });

  it('answers malformed bodies and unknown commands with a JSON error', async () => {
    const notJson = await post('/', '{nope');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatch(/not JSON/);
    const notCommand = await post('/pipeline', JSON.stringify([{ cmd: 'get' }]));
    expect(notCommand.status).toBe(400);
    expect((await notCommand.json()).error).toMatch(/expected a non-empty array/);
    const unknown = await post('/', JSON.stringify(['frobnicate', 'x']));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/unknown command/i);
  });

  it('refuses requests over the size limit', async () => {
    const response = await post('/', JSON.stringify(['set', key('big'), 'x'.repeat(MAX_REQUEST_BYTES)]));
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/larger than/);
    expect(await redis.exists(key('big'))).toBe(0);
  });
});
