// Prepares the environment the functions expect when they run on this machine (dev, serve, tests,
// the admin CLI): a token secret kept under .data/, the local store (on a thread of its own)
// unless Upstash settings are given, a local outbox for mail unless a Resend key is given, and a
// local echo model for the chatbot unless an OpenAI key or base URL is given. The running store's
// address is written to .data/local-store.json so the admin CLI can reach the same store while a
// server runs.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { listUsers } from '../src/features/auth/service.server.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../tools/demo-data/seed.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../tools/fake-openai/server.ts';
import { type FakeResend, startFakeResend } from '../tools/fake-resend/server.ts';
import type { LocalStoreOptions } from '../tools/local-store/start.ts';

/** Every variable prepareLocalEnv reads or fills in: tests restore them around each run. */
export const LOCAL_ENV_VARIABLES = [
  'APP_ENV',
  'TOKEN_SECRET',
  'UPSTASH_REDIS_REST_URL',
  'UPSTASH_REDIS_REST_TOKEN',
  'REDIS_URL',
  'RESEND_API_KEY',
  'RESEND_BASE_URL',
  'MAIL_FROM',
  'CONTACT_TO',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
];

export interface LocalEnv {
  /** Where this run keeps its data, for the start-up message. */
  describeData: string;
  /** The local store this run started (its engine and where its data lives); undefined on a configured store. */
  describeStore?: string;
  /** Where mail goes, for the start-up message. */
  describeMail: string;
  /** Which model the chatbot asks, for the start-up message. */
  describeAi: string;
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

/**
 * What a local server listening on `host` may do: on every interface (HOST=0.0.0.0 or ::) other
 * machines reach it, so it warns that the demo accounts (whose passwords are published in the
 * README) would be exposed, and creates the demo data only when DEMO_ACCOUNTS=1 asks for it.
 */
export function exposureOf(host: string, env: NodeJS.ProcessEnv = process.env): { seed: boolean; warning?: string } {
  if (host !== '0.0.0.0' && host !== '::') return { seed: true };
  const seed = env.DEMO_ACCOUNTS === '1';
  return {
    seed,
    warning: seed
      ? `Warning: HOST=${host} serves this site to other machines, and DEMO_ACCOUNTS=1 creates the demo accounts, whose passwords are public: anyone who can reach this machine can sign in as the demo admin.`
      : `Warning: HOST=${host} serves this site to other machines, so no demo accounts or demo data are created (their passwords are public); set DEMO_ACCOUNTS=1 to create them anyway, or make an account with \`npm run admin -- create-user\`. Other machines must use a name listed in SITE_HOSTS (comma-separated): any other Host is refused with 421.`,
  };
}

/**
 * Fills in APP_ENV, TOKEN_SECRET, the Upstash variables and the mail settings for a local run,
 * starting the local store and the mail outbox if needed. `mail: false` leaves mail alone (the
 * admin CLI sends none).
 */
export async function prepareLocalEnv(
  dataRoot = process.env.DATA_DIR ?? '.data',
  { seed = true, mail = true, ai = true } = {},
): Promise<LocalEnv> {
  const root = resolve(dataRoot);
  mkdirSync(root, { recursive: true });
  process.env.APP_ENV ??= 'local';
  process.env.TOKEN_SECRET ??= localTokenSecret(root);
  const outbox = mail ? await prepareMail(root) : undefined;
  const describeMail = outbox
    ? `local outbox (no RESEND_API_KEY set): each mail is saved in ${join(root, 'outbox')}`
    : process.env.RESEND_API_KEY
      ? `Resend, to ${process.env.CONTACT_TO ?? '(CONTACT_TO unset)'}`
      : 'not sent';
  const echoModel = ai ? await prepareAi() : undefined;
  const describeAi = echoModel
    ? 'a local echo model (no OPENAI_API_KEY set): answers repeat the question'
    : `${process.env.OPENAI_MODEL ?? 'gpt-4o-mini'} at ${process.env.OPENAI_BASE_URL ?? 'OpenAI'}`;
  const closeFakes = async () => {
    await Promise.all([outbox?.close(), echoModel?.close()]);
  };

  if (process.env.UPSTASH_REDIS_REST_URL && process.env.UPSTASH_REDIS_REST_TOKEN) {
    // A configured store may be a real one: never seed it.
    return {
      describeData: `Upstash at ${process.env.UPSTASH_REDIS_REST_URL}`,
      describeMail,
      describeAi,
      demoAccounts: [],
      close: closeFakes,
    };
  }

  const store = await startStoreThread({
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
  // A fresh store gets the demo accounts, the polls' items and the guest list; a used one is left as it is.
  if (seed) await seedDemoData();
  return {
    describeData: `local store (${store.description}) at ${store.url}`,
    describeStore: store.description,
    describeMail,
    describeAi,
    demoAccounts: seed ? await describeDemoAccounts() : [],
    async close() {
      rmSync(address, { force: true });
      await Promise.all([store.close(), closeFakes()]);
    },
  };
}

interface StoreThread {
  url: string;
  token: string;
  description: string;
  close(): Promise<void>;
}

/**
 * Starts the local store on a worker thread of its own, as Upstash is a service of its own: the
 * engine's work and its side of every HTTP call then leave the functions' event loop free.
 */
async function startStoreThread(options: LocalStoreOptions): Promise<StoreThread> {
  const worker = new Worker(new URL('./local-store-thread.ts', import.meta.url), { workerData: options });
  const address = await new Promise<Omit<StoreThread, 'close'>>((listening, failed) => {
    worker.once('message', listening);
    worker.once('error', failed);
    worker.once('exit', (code) =>
      failed(new Error(`The local store's thread ended (code ${code}) before it listened.`)),
    );
  });
  worker.removeAllListeners();
  // Past start-up, a failing store shows in the functions' answers (503) and here.
  worker.on('error', (error) => console.error('The local store failed:', error));
  return {
    ...address,
    close: () =>
      new Promise((closed) => {
        worker.once('exit', () => closed());
        worker.postMessage('close');
      }),
  };
}

/**
 * Points mail at a local fake of Resend that saves each mail under <data>/outbox, unless a real
 * RESEND_API_KEY is configured. Returns the fake, or undefined when real mail is configured.
 */
async function prepareMail(root: string): Promise<FakeResend | undefined> {
  if (process.env.RESEND_API_KEY) return undefined;
  const outbox = await startFakeResend({ outboxDir: join(root, 'outbox') });
  process.env.RESEND_API_KEY = outbox.apiKey;
  process.env.RESEND_BASE_URL = outbox.url;
  process.env.MAIL_FROM ??= 'Contact form <contact@localhost>';
  process.env.CONTACT_TO ??= 'owner@localhost';
  return outbox;
}

/** Points the chatbot at a local echo model, unless an OpenAI key or base URL is configured. */
async function prepareAi(): Promise<FakeOpenAi | undefined> {
  if (process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL) return undefined;
  // Streamed answers paced like a real model's first words (FAKE_OPENAI_FIRST_CHUNK_MS, 300 ms
  // by default) and its writing (FAKE_OPENAI_CHUNK_MS).
  const model = await startFakeOpenAi({
    pace: {
      firstChunkMs: paceSetting('FAKE_OPENAI_FIRST_CHUNK_MS', 300),
      chunkMs: paceSetting('FAKE_OPENAI_CHUNK_MS', 40),
    },
  });
  process.env.OPENAI_BASE_URL = model.url;
  return model;
}

/** A pace setting of the local model in milliseconds: a whole number of 0 or more, else `fallback`. */
function paceSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
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
export function localTokenSecret(root: string): string {
  const path = join(root, 'token-secret');
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}
