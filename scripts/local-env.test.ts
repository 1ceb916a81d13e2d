import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from '@upstash/redis';
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../tests/setup/isolated-env.ts';
import { prepareLocalEnv } from './local-env.ts';

const VARIABLES = ['APP_ENV', 'TOKEN_SECRET', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'REDIS_URL'];

describe('prepareLocalEnv (what npm start and npm run dev run on)', () => {
  // Always the embedded engine here: this is about the data folder surviving a restart.
  isolateEnv(VARIABLES);

  function client() {
    return new Redis({
      url: process.env.UPSTASH_REDIS_REST_URL!,
      token: process.env.UPSTASH_REDIS_REST_TOKEN!,
      retry: false,
      enableTelemetry: false,
    });
  }

  it('starts the local store, keeps a token secret, and loses nothing across a restart', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'local-env-'));
    const first = await prepareLocalEnv(dataRoot);
    expect(process.env.APP_ENV).toBe('local');
    const secret = process.env.TOKEN_SECRET!;
    expect(secret).toHaveLength(64);
    expect(readFileSync(join(dataRoot, 'token-secret'), 'utf8')).toBe(secret);
    expect(first.describeData).toContain(join(dataRoot, 'local-store'));
    await client().hset('site:restart-check', { written: 'before the restart' });
    await first.close();

    for (const name of VARIABLES) delete process.env[name];
    const second = await prepareLocalEnv(dataRoot);
    expect(process.env.TOKEN_SECRET).toBe(secret);
    expect(await client().hget('site:restart-check', 'written')).toBe('before the restart');
    await second.close();
  });

  it('leaves a configured Upstash alone and starts no store', async () => {
    process.env.UPSTASH_REDIS_REST_URL = 'https://example.upstash.io';
    process.env.UPSTASH_REDIS_REST_TOKEN = 'configured';
    const env = await prepareLocalEnv(mkdtempSync(join(tmpdir(), 'local-env-')));
    expect(env.describeData).toBe('Upstash at https://example.upstash.io');
    expect(process.env.UPSTASH_REDIS_REST_URL).toBe('https://example.upstash.io');
    await env.close();
  });
});
