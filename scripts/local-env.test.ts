import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from '@upstash/redis';
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../tests/setup/isolated-env.ts';
import { askModel } from '../src/server/ai.ts';
import { deliverMail } from '../src/server/mail.ts';
import { LOCAL_ENV_VARIABLES, exposureOf, prepareLocalEnv } from './local-env.ts';

describe('prepareLocalEnv (what npm start and npm run dev run on)', () => {
  // Always the embedded engine here: this is about the data folder surviving a restart.
  isolateEnv(LOCAL_ENV_VARIABLES);

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

    for (const name of LOCAL_ENV_VARIABLES) delete process.env[name];
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

  it('sends mail to a local outbox when no Resend key is set, through the real client', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'local-env-'));
    const env = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      expect(env.describeMail).toContain(join(dataRoot, 'outbox'));
      const outcome = await deliverMail(
        {
          to: 'owner',
          replyTo: 'visitor@example.com',
          subject: 'Hello',
          text: 'Saved where a developer can read it.',
          idempotencyKey: 'local-env-test',
        },
        'local-env test',
      );
      expect(outcome.delivery).toBe('delivered');
      const [file] = readdirSync(join(dataRoot, 'outbox'));
      expect(JSON.parse(readFileSync(join(dataRoot, 'outbox', file!), 'utf8'))).toMatchObject({
        id: outcome.note,
        to: 'owner@localhost',
        replyTo: 'visitor@example.com',
        subject: 'Hello',
        text: 'Saved where a developer can read it.',
      });
    } finally {
      await env.close();
    }
  });

  it('leaves a configured Resend key alone', async () => {
    process.env.RESEND_API_KEY = 're_configured';
    process.env.CONTACT_TO = 'me@example.com';
    const env = await prepareLocalEnv(mkdtempSync(join(tmpdir(), 'local-env-')), { seed: false });
    expect(env.describeMail).toBe('Resend, to me@example.com');
    expect(process.env.RESEND_BASE_URL).toBeUndefined();
    await env.close();
  });

  it('answers chatbot questions with a local echo model unless OpenAI is configured', async () => {
    const env = await prepareLocalEnv(mkdtempSync(join(tmpdir(), 'local-env-')), { seed: false });
    try {
      expect(env.describeAi).toContain('local echo model');
      const messages = [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello?' },
      ] as const;
      expect((await askModel(messages)).text).toContain('You asked: Hello?');
    } finally {
      await env.close();
    }
    delete process.env.OPENAI_BASE_URL;
    process.env.OPENAI_API_KEY = 'sk-configured';
    const configured = await prepareLocalEnv(mkdtempSync(join(tmpdir(), 'local-env-')), { seed: false });
    expect(configured.describeAi).toBe('gpt-4o-mini at OpenAI');
    expect(process.env.OPENAI_BASE_URL).toBeUndefined();
    await configured.close();
  });
});

describe('exposureOf', () => {
  it('seeds a loopback server, and warns and seeds nothing on every interface unless asked', () => {
    expect(exposureOf('127.0.0.1', {})).toEqual({ seed: true });
    for (const host of ['0.0.0.0', '::']) {
      const exposed = exposureOf(host, {});
      expect(exposed.seed).toBe(false);
      expect(exposed.warning).toMatch(/no demo accounts/);
      const asked = exposureOf(host, { DEMO_ACCOUNTS: '1' });
      expect(asked.seed).toBe(true);
      expect(asked.warning).toMatch(/anyone who can reach this machine can sign in as the demo admin/);
    }
  });
});
