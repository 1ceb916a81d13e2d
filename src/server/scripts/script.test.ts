// How a script reaches the store: whole on its first call from a process, by SHA-1 after, one
// request each; a store that lost its script cache (here: restarted empty) costs one NOSCRIPT retry.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { LocalStoreServer } from '../../../tools/local-store/server.ts';
import { startLocalStore } from '../../../tools/local-store/start.ts';
import { keys } from '../keys.ts';
import { redis } from '../redis.ts';
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
    const [best] = await recordWordGame.run(
      [keys.scores('script-test'), keys.wordGameStats('script-test'), keys.wordGameSeen('script-test')],
      ['demo', rounds, 99, 0, '', '', '', '', '', ''],
    );
    return { sent, best: best! };
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
