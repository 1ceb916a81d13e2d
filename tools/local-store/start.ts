import { randomBytes } from 'node:crypto';
import type { Engine } from './engine.ts';
import { createMemoryEngine } from './memory-engine.ts';
import { createRedisEngine } from './redis-engine.ts';
import { type LocalStoreServer, serveEngine } from './server.ts';

export interface LocalStoreOptions {
  /** A real Redis to execute commands on; without it the embedded engine is used. */
  redisUrl?: string;
  /** Where the embedded engine keeps its data; omit to keep it in memory only. */
  dataDir?: string;
  port?: number;
  token?: string;
}

/** Starts the local Upstash-compatible store on the engine the options choose. */
export async function startLocalStore(options: LocalStoreOptions = {}): Promise<LocalStoreServer> {
  const engine: Engine = options.redisUrl
    ? await createRedisEngine(options.redisUrl)
    : createMemoryEngine({ dataDir: options.dataDir });
  try {
    return await serveEngine(engine, { token: options.token ?? randomBytes(24).toString('hex'), port: options.port });
  } catch (error) {
    await engine.close();
    throw error;
  }
}
