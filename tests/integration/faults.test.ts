// Faults. The store process killed with SIGKILL right after acknowledged
// writes: while it is gone the API answers 503 with a clear message at once, and once it is back
// on the same data every acknowledged write is there, with no restart of the functions. Resend
// and the bot check that accept a connection and never answer: the requests end at their
// timeouts with the spec's outcome instead of hanging.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type Server, type Socket, createServer } from 'node:net';
import { freePort } from '../../scripts/production-server.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import contact from '../../netlify/functions/contact-send.mts';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import health from '../../netlify/functions/health.mts';
import verify from '../../netlify/functions/verify-recaptcha.mts';
import { listContactMessages } from '../../src/features/contact/service.server.ts';
import { STORE_UNAVAILABLE } from '../../src/server/redis.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features, poll } from '../site-config.ts';
import { useFakeResend } from './fakes.ts';
import { call, uniqueName } from './request.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Every store process the file started: killed after its tests, even one a timed-out test left starting. */
const storeProcesses = new Set<ChildProcess>();
afterAll(() => {
  for (const child of storeProcesses) child.kill('SIGKILL');
});

/** Runs the local store as its own process on the embedded engine, and waits until it listens. */
async function startStoreProcess(env: Record<string, string>): Promise<ChildProcess> {
  const { REDIS_URL: _realRedis, ...rest } = process.env; // the embedded engine, whatever CI sets
  const child = spawn(process.execPath, [join(ROOT, 'tools/local-store/main.ts')], {
    env: { ...rest, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  storeProcesses.add(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('UPSTASH_REDIS_REST_URL=')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the store exited with ${code}`)));
  });
  return child;
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

describe('the store killed and brought back', () => {
  isolateEnv(['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN']);
  const settings = { LOCAL_STORE_DIR: '', LOCAL_STORE_PORT: '', LOCAL_STORE_TOKEN: randomBytes(16).toString('hex') };
  let store: ChildProcess | undefined;

  beforeAll(async () => {
    settings.LOCAL_STORE_DIR = mkdtempSync(join(tmpdir(), 'faults-store-'));
    settings.LOCAL_STORE_PORT = String(await freePort());
  });

  // Through the /poll's vote and its read.
  it.skipIf(!features.poll)(
    'answers 503 while it is gone, and keeps every acknowledged write when it returns',
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const point = () => {
        process.env.UPSTASH_REDIS_REST_URL = `http://127.0.0.1:${settings.LOCAL_STORE_PORT}`;
        process.env.UPSTASH_REDIS_REST_TOKEN = settings.LOCAL_STORE_TOKEN;
      };
      store = await startStoreProcess(settings);
      point();

      const names = Array.from({ length: 100 }, () => uniqueName('Acked'));
      for (const name of names) {
        expect(
          (await call(createVote, { body: { name, question: 0, vote: [String(poll.options.length - 1)] } })).status,
        ).toBe(200);
      }
      store.kill('SIGKILL');
      await new Promise((resolve) => store!.once('exit', resolve));

      // Gone: a clear 503 at once, for reads and writes alike.
      point();
      for (const [handler, request] of [
        [getAllVotes, { body: { question: 0 } }],
        [createVote, { body: { name: uniqueName('Late'), question: 0, vote: ['0'] } }],
        [health, { method: 'GET' }],
      ] as const) {
        const [answer, ms] = await timed(() => call(handler, request));
        expect(answer.status).toBe(503);
        expect(answer.body.error).toBe(STORE_UNAVAILABLE);
        expect(ms).toBeLessThan(2000);
      }

      // Back on the same data: everything acknowledged is there, with nothing restarted here.
      store = await startStoreProcess(settings);
      const { status, body } = await call(getAllVotes, { body: { question: 0 } });
      expect(status).toBe(200);
      const voters = new Set((body.allVotes as { inputtedName: string }[]).map((vote) => vote.inputtedName));
      expect(names.filter((name) => !voters.has(name))).toEqual([]);
      expect((await call(createVote, { body: { name: uniqueName('After'), question: 0, vote: ['1'] } })).status).toBe(
        200,
      );
    },
    30_000,
  );
});

describe('services that accept a connection and never answer', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let silentUrl = '';
  const fakeResend = useFakeResend();
  isolateEnv(['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL']);

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket); // read nothing, answer nothing
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('the contact form: the message is kept, marked undelivered, and the answer comes within the mail timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.RESEND_BASE_URL = silentUrl;
    const sentBefore = fakeResend().sent.length;
    const senderEmail = `${uniqueName('hang')}@example.com`;
    const [answer, ms] = await timed(() =>
      call(contact, { body: { senderEmail, emailSubject: 'Hi', emailText: 'Still there?' } }),
    );
    expect(answer).toMatchObject({ status: 200, body: { status: 'Success' } });
    const stored = (await listContactMessages(1000)).filter((message) => message.senderEmail === senderEmail);
    expect(stored).toMatchObject([{ delivery: 'undelivered' }]);
    expect(ms).toBeGreaterThanOrEqual(4500);
    expect(ms).toBeLessThan(8000);
    expect(fakeResend().sent).toHaveLength(sentBefore);
  }, 15_000);

  it('the bot check: a 503 with its message within its timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.RECAPTCHA_SECRET_KEY = 'test-secret';
    process.env.RECAPTCHA_VERIFY_URL = `${silentUrl}/siteverify`;
    const [answer, ms] = await timed(() => call(verify, { body: { recaptchaToken: 't' } }));
    expect(answer.status).toBe(503);
    expect(answer.body.error).toBe('The bot check service could not be reached. Please try again later.');
    expect(ms).toBeLessThan(8000);
  }, 15_000);
});
