// The functions as the suites that go through all of them load them, and a store of a suite's own
// for the suites whose requests must not meet (or disturb) what other suites write.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Feature } from '../../src/lib/features.ts';
import type { Access, Endpoint as Wrapped } from '../../src/server/http.ts';
import { KEY_PREFIX } from '../../src/server/keys.ts';
import type { Engine } from '../../tools/local-store/engine.ts';
import type { LocalStoreServer } from '../../tools/local-store/server.ts';
import { startLocalStore } from '../../tools/local-store/start.ts';
import { features } from '../site-config.ts';

export type Handler = (req: Request) => Promise<Response>;

/** The folder of the functions, one `.mts` file each. */
export const FUNCTIONS = join(import.meta.dirname, '../../netlify/functions');

export interface Endpoint {
  /** The function's file name. */
  name: string;
  handler: Handler;
  /** Its `config.path`. */
  path: string;
  /** The method it answers, as it declares. */
  method: string;
  /** Who may call it, as it declares (src/server/http.ts). */
  access: Access;
  /** The switchable feature it declares it belongs to, if any. */
  feature?: Feature;
}

type FunctionModule = { default: Wrapped; config: { path?: string; schedule?: string } };

/** Imports every function file: the endpoints, and the scheduled and event ones (which have no route). */
async function loadModules(): Promise<[file: string, module: FunctionModule][]> {
  const files = readdirSync(FUNCTIONS).filter((file) => file.endsWith('.mts'));
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(join(FUNCTIONS, file))) as Partial<FunctionModule>;
      return [file, { ...module, config: module.config ?? {} } as FunctionModule] as const;
    }),
  );
}

/** The file names of the functions with no route: Netlify calls them on their schedule or on an event (a deploy). */
export async function platformFunctions(): Promise<string[]> {
  return (await loadModules())
    .filter(([, module]) => module.config.schedule || typeof module.default !== 'function')
    .map(([file]) => file);
}

/** Imports every endpoint (each function with a route) with its path, method and declared access. */
export async function loadEndpoints(): Promise<Endpoint[]> {
  const endpoints = (await loadModules()).filter(([, module]) => module.config.path !== undefined);
  return endpoints.map(([file, module]) => ({
    name: file,
    handler: module.default,
    path: module.config.path!,
    method: module.default.method,
    access: module.default.access,
    feature: module.default.feature,
  }));
}

/**
 * Whether the site answers the function with its config: a switched-off feature's functions answer
 * 404 to everything (src/server/http.ts), so the suites that go through every function leave them out.
 */
export function isOn(endpoint: Pick<Endpoint, 'feature'>): boolean {
  return endpoint.feature === undefined || features[endpoint.feature];
}

/**
 * Points the file's requests at a fresh embedded store of its own for its tests (then runs `seed`),
 * and back at the shared one after them. Returns the store.
 */
export function useOwnStore(seed: () => Promise<unknown> = async () => {}): () => LocalStoreServer {
  let store: LocalStoreServer;
  const shared = { url: process.env.UPSTASH_REDIS_REST_URL, token: process.env.UPSTASH_REDIS_REST_TOKEN };
  beforeAll(async () => {
    store = await startLocalStore({});
    process.env.UPSTASH_REDIS_REST_URL = store.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = store.token;
    await seed();
  });
  afterAll(async () => {
    process.env.UPSTASH_REDIS_REST_URL = shared.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = shared.token;
    await store.close();
  });
  return () => store;
}

/**
 * Every key of an embedded store with its content, read from its engine (no HTTP), but those whose
 * name goes on, after the site's prefix, with one of `leaveOut`: what a refused request must leave
 * as it was.
 */
export async function storeContents(engine: Engine, leaveOut = ['rate:']): Promise<Record<string, unknown>> {
  const run = async (commands: string[][]) =>
    (await engine.run(commands, 'pipeline')).map((reply) => {
      if ('error' in reply) throw new Error(reply.error);
      return reply.result;
    });
  const [all] = (await run([['KEYS', '*']])) as [string[]];
  const names = all.filter((key) => !leaveOut.some((prefix) => key.startsWith(`${KEY_PREFIX}${prefix}`))).sort();
  if (!names.length) return {};
  const types = (await run(names.map((key) => ['TYPE', key]))) as string[];
  const read = (key: string, type: string | undefined) =>
    type === 'hash'
      ? ['HGETALL', key]
      : type === 'set'
        ? ['SMEMBERS', key]
        : type === 'zset'
          ? ['ZRANGE', key, '0', '-1', 'WITHSCORES']
          : type === 'list'
            ? ['LRANGE', key, '0', '-1']
            : ['GET', key];
  const contents = await run(names.map((key, index) => read(key, types[index])));
  return Object.fromEntries(
    names.map((key, index) => {
      const content = contents[index] as string[];
      if (types[index] === 'hash') return [key, Object.fromEntries(pairs(content))];
      return [key, types[index] === 'set' ? [...content].sort() : content];
    }),
  );
}

/** [a, 1, b, 2] as [[a, 1], [b, 2]]. */
const pairs = (flat: string[]) => flat.flatMap((item, index) => (index % 2 ? [] : [[item, flat[index + 1]]]));
