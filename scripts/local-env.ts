// Prepares the environment the functions expect when they run on this machine (dev, serve, tests,
// the admin CLI): a token secret kept under .data/, and the local store unless Upstash settings
// are given. The running store's address is written to .data/local-store.json so the admin CLI
// can reach the same store while a server runs.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_ACCOUNTS, listUsers, seedDemoAccounts } from '../src/features/auth/service.server.ts';
import { startLocalStore } from '../tools/local-store/start.ts';
import type { LocalStoreServer } from '../tools/local-store/server.ts';

export interface LocalEnv {
  /** Where this run keeps its data, for the start-up message. */
  describeData: string;
  /** Lines about the demo accounts, when this run uses the local store. */
  demoAccounts: string[];
  close(): Promise<void>;
}

export interface LocalStoreAddress {
  url: string;
  token: string;
  pid: number;
}

/** Returns where a running local store announces itself. */
export function addressFile(dataRoot: string): string {
  return join(resolve(dataRoot), 'local-store.json');
}

/** Fills in APP_ENV, TOKEN_SECRET and the Upstash variables for a local run, starting the store if needed. */
export async function prepareLocalEnv(
  dataRoot = process.env.DATA_DIR ?? '.data',
  { seed = true } = {},
): Promise<LocalEnv> {
  const root = resolve(dataRoot);
  mkdirSync(root, { recursive: true });
  process.env.APP_ENV ??= 'local';
  process.env.TOKEN_SECRET ??= localTokenSecret(root);

  if (process.env.UPSTASH_REDIS_REST_URL && process.env.UPSTASH_REDIS_REST_TOKEN) {
    // A configured store may be a real one: never seed it.
    return {
      describeData: `Upstash at ${process.env.UPSTASH_REDIS_REST_URL}`,
      demoAccounts: [],
      close: async () => {},
    };
  }

  const store: LocalStoreServer = await startLocalStore({
    redisUrl: process.env.REDIS_URL,
    dataDir: process.env.LOCAL_STORE_DIR ?? join(root, 'local-store'),
    port: process.env.LOCAL_STORE_PORT ? Number(process.env.LOCAL_STORE_PORT) : 0,
    token: process.env.LOCAL_STORE_TOKEN,
  });
  process.env.UPSTASH_REDIS_REST_URL = store.url;
  process.env.UPSTASH_REDIS_REST_TOKEN = store.token;
  const address = addressFile(root);
  writeFileSync(
    address,
    JSON.stringify({ url: store.url, token: store.token, pid: process.pid } satisfies LocalStoreAddress),
    {
      mode: 0o600,
    },
  );
  if (seed) await seedDemoAccounts();
  return {
    describeData: `local store (${store.engine.description}) at ${store.url}`,
    demoAccounts: seed ? await describeDemoAccounts() : [],
    async close() {
      rmSync(address, { force: true });
      await store.close();
    },
  };
}

/** Lists the demo accounts that exist, with their passwords (local stores only). */
async function describeDemoAccounts(): Promise<string[]> {
  const existing = new Set((await listUsers()).map((user) => user.username));
  return DEMO_ACCOUNTS.filter((demo) => existing.has(demo.username)).map(
    (demo) => `  ${demo.username.padEnd(14)} password ${demo.password.padEnd(18)} clearance ${demo.clearance}`,
  );
}

/** Reads the address of a local store started by another process, if that process still runs. */
export function runningLocalStore(dataRoot = process.env.DATA_DIR ?? '.data'): LocalStoreAddress | undefined {
  const path = addressFile(dataRoot);
  if (!existsSync(path)) return undefined;
  try {
    const address = JSON.parse(readFileSync(path, 'utf8')) as LocalStoreAddress;
    process.kill(address.pid, 0);
    return address;
  } catch {
    return undefined; // unreadable, or its process has gone
  }
}

/** Reads the secret this machine signs session tokens with, creating it on first use. */
function localTokenSecret(root: string): string {
  const path = join(root, 'token-secret');
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}
