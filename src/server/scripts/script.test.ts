// How a script reaches the store: whole on its first call from a process, by SHA-1 after, one
// request each; a store that lost its script cache (here: restarted empty) costs one NOSCRIPT retry.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalStoreServer } from '../../../tools/local-store/server.ts';
import { startLocalStore } from '../../../tools/local-store/start.ts';
import { keys } from '../keys.ts';
import { redis } from '../redis.ts';
import { commandsCall, runCommands } from './limited.ts';
import { SESSION_ENDED, defineScript, secondsToWait } from './script.ts';
import { recordWordGame } from '../../features/word-game/scripts.server.ts';

const shared = { url: process.env.UPSTASH_REDIS_REST_URL, token: process.env.UPSTASH_REDIS_REST_TOKEN };
const TOKEN = 'script-test-token';
let store: LocalStoreServer;
let port = 0;

const useStore = async () => {
  store = await startLocalStore({ token: TOKEN, port });
  port = Number(new URL(store.url).port);
  process.env.UPSTASH_REDIS_REST_URL = store.url;
  process.env.UPSTASH_REDIS_REST_TOKEN = TOKEN;
};
beforeAll(useStore);
afterAll(async () => {
  process.env.UPSTASH_REDIS_REST_URL = shared.url;
  process.env.UPSTASH_REDIS_REST_TOKEN = shared.token;
  await store.close();
});

/** Runs the script once and lists the requests it sent, by command. */
async function commandsSentBy(rounds: number): Promise<{ sent: string[]; best: number }> {
  const realFetch = globalThis.fetch;
  const sent: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    // One command, or a batch of them (the client pipelines calls made in the same tick).
    const body = JSON.parse(String(init?.body)) as unknown[];
    const commands = (Array.isArray(body[0]) ? body : [body]) as string[][];
    sent.push(commands.map(([name]) => String(name).toLowerCase()).join(' + '));
    return realFetch(input, init);
  });
  try {
    const { best } = await recordWordGame.run(
      {
        scores: keys.scores('script-test'),
        stats: keys.wordGameStats('script-test'),
        seen: keys.wordGameSeen('script-test'),
      },
      { game: 'demo', rounds, neverWon: 99, now: 0 },
    );
    return { sent, best };
  } finally {
    spy.mockRestore();
  }
}

it('sends the script whole once, then by SHA-1, and again whole to a store that lost it', async () => {
  expect(await commandsSentBy(7)).toEqual({ sent: ['eval'], best: 7 });
  expect(await commandsSentBy(5)).toEqual({ sent: ['evalsha'], best: 5 });

  await store.close();
  await useStore(); // the same address, an empty store: its script cache is gone
  await redis().ping(); // the client retries once over its dropped connection; not counted here
  expect(await commandsSentBy(9)).toEqual({ sent: ['evalsha', 'eval'], best: 9 });
  expect(await commandsSentBy(8)).toEqual({ sent: ['evalsha'], best: 8 });
});

describe('a named script', () => {
  const echo = defineScript<
    'one' | 'many',
    { word: string; n: number },
    { one: string; many: string[]; word: string; n: number }
  >(`return cjson.encode({one = K.one, many = K.many, word = A.word, n = A.n})`, { json: true });

  it('reads its keys by name, a list as a list, and its argument object', async () => {
    expect(await echo.run({ one: 'k:1', many: ['k:2', 'k:3'] }, { word: 'hé "x"', n: 3 })).toEqual({
      one: 'k:1',
      many: ['k:2', 'k:3'],
      word: 'hé "x"',
      n: 3,
    });
  });

  it('runs after the session check, which refuses an ended session and changes nothing', async () => {
    const account = 'script-test:account';
    await redis().hset(account, { session: 's1' });
    const write = defineScript<'target', { value: string }, 'done'>(
      `redis.call('SET', K.target, A.value) return 'done'`,
    );
    const target = 'script-test:target';
    expect(await write.runChecked({ key: account, sid: 's1' }, { target }, { value: 'a' })).toBe('done');
    await expect(write.runChecked({ key: account, sid: 's0' }, { target }, { value: 'b' })).rejects.toThrow(
      SESSION_ENDED,
    );
    expect(await redis().get(target)).toBe('a');
  });

  it('answers no commands with an empty list (cjson would encode an empty table as an object)', async () => {
    expect(await runCommands.plain.run(...commandsCall([]))).toEqual([]);
  });

  it('counts attempts in its counted form and answers the wait once over the limit, running nothing', async () => {
    const attempts = 'script-test:attempts';
    const commands = (value: string) => commandsCall([['SET', 'script-test:limited', value]]);
    const counted = (value: string) => {
      const [keys, args] = commands(value);
      return runCommands.counted.run({ ...keys, attempts }, { ...args, attemptsMax: 1, attemptsWindow: 60 });
    };
    expect(await counted('first')).toEqual(['OK']);
    const wait = secondsToWait(await counted('second'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await redis().get('script-test:limited')).toBe('first');
  });
});
