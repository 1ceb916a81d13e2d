// Prepares the environment the functions expect when they run on this machine (dev, serve, tests):
// a token secret kept under .data/, and the local store unless Upstash settings are given.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startLocalStore } from '../tools/local-store/start.ts';
import type { LocalStoreServer } from '../tools/local-store/server.ts';

export interface LocalEnv {
  /** Where this run keeps its data, for the start-up message. */
  describeData: string;
  close(): Promise<void>;
}

/** Fills in APP_ENV, TOKEN_SECRET and the Upstash variables for a local run, starting the store if needed. */
export async function prepareLocalEnv(dataRoot = process.env.DATA_DIR ?? '.data'): Promise<LocalEnv> {
  const root = resolve(dataRoot);
  mkdirSync(root, { recursive: true });
  process.env.APP_ENV ??= 'local';
  process.env.TOKEN_SECRET ??= localTokenSecret(root);

  let store: LocalStoreServer | undefined;
  if (!process.env.UPSTASH_REDIS_REST_URL || !process.env.UPSTASH_REDIS_REST_TOKEN) {
    store = await startLocalStore({
      redisUrl: process.env.REDIS_URL,
      dataDir: process.env.LOCAL_STORE_DIR ?? join(root, 'local-store'),
      port: process.env.LOCAL_STORE_PORT ? Number(process.env.LOCAL_STORE_PORT) : 0,
      token: process.env.LOCAL_STORE_TOKEN,
    });
    process.env.UPSTASH_REDIS_REST_URL = store.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = store.token;
  }
  return {
    describeData: store
      ? `local store (${store.engine.description}) at ${store.url}`
      : `Upstash at ${process.env.UPSTASH_REDIS_REST_URL}`,
    close: async () => store?.close(),
  };
}

/** Reads the secret this machine signs session tokens with, creating it on first use. */
function localTokenSecret(root: string): string {
  const path = join(root, 'token-secret');
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}
