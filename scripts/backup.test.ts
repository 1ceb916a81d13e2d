// A backup's round trip as an operator makes it: data left through the real services, `npm run
// admin -- export` (a child process, given the store's Upstash variables as in production) from one
// local store, `import` into a fresh one, and the services reading the same things back. On both
// engines of the local store: the embedded one always, and the real Redis at REDIS_URL when it is
// set (CI's), each store in a logical database of its own, emptied first, as other test files use
// that Redis meanwhile.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../tests/setup/isolated-env.ts';
import { listUsers, login, register, setClearance } from '../src/features/auth/service.server.ts';
import { listContactMessages, sendContactMessage } from '../src/features/contact/service.server.ts';
import { listMessages, postMessage } from '../src/features/forum/service.server.ts';
import { castVote, pollState } from '../src/features/poll/service.server.ts';
import { pollVotes } from '../src/features/scheduling/voting/repo.server.ts';
import { poll as readSchedulingPoll } from '../src/features/scheduling/poll/service.server.ts';
import { vote } from '../src/features/scheduling/voting/service.server.ts';
import { addToCart, cartItems, listOrders, orderHistory, submitOrder } from '../src/features/shop/service.server.ts';
import { allScores, recordWordGame } from '../src/features/word-game/service.server.ts';
import { GUEST, OPERATOR } from '../src/server/caller.ts';
import { KEY_PREFIX } from '../src/server/keys.ts';
import { redis } from '../src/server/redis.ts';
import { type SessionUser, sessionUser } from '../src/server/session.ts';
import { verifyUserToken } from '../src/server/token.ts';
import { DEMO_POLL_ID } from '../tools/demo-data/seed.ts';
import { MAX_REQUEST_BYTES } from '../tools/local-store/server.ts';
import { type Backup, ImportFailed, importStore } from './backup.ts';
import { LOCAL_ENV_VARIABLES, prepareLocalEnv } from './local-env.ts';

const VARIABLES = [...LOCAL_ENV_VARIABLES, 'DATA_DIR'];
const PASSWORD = 'a long enough password';

// Read once, here: isolateEnv clears REDIS_URL around each test.
const REDIS_URL = process.env.REDIS_URL;
/** The logical databases of REDIS_URL's Redis this file alone uses: one for the source, one for each destination. */
const SOURCE_DB = 13;
const DESTINATION_DB = 14;

/**
 * How a fresh store is made on each engine: the Redis it runs on in logical database `db`, if
 * any, and how the local store then describes itself.
 */
const ENGINES: { engine: string; redisUrl: (db: number) => Promise<string | undefined>; describes: RegExp }[] = [
  { engine: 'embedded engine', redisUrl: async () => undefined, describes: /^embedded engine/ },
  ...(REDIS_URL
    ? [
        {
          engine: 'real Redis',
          redisUrl: (db: number) => emptyDatabase(REDIS_URL, db),
          describes: /^Redis at .+\/1[34]$/,
        },
      ]
    : []),
];

/** Empties logical database `db` of the Redis at `url` and returns its URL (the database as its path). */
async function emptyDatabase(url: string, db: number): Promise<string> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    await client.select(db); // named outright, so a URL read differently never empties another database
    await client.flushdb();
  } finally {
    client.disconnect();
  }
  const inDb = new URL(url);
  inDb.pathname = `/${db}`;
  return inDb.href;
}

interface Store {
  dataRoot: string;
  url: string;
  token: string;
  /** The engine and where its data lives, as the local store describes itself. */
  description: string;
  close(): Promise<void>;
}

/** Runs the CLI against `store` (through its Upstash variables), with `input` on its stdin. */
function admin(store: Store, input: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  // ENV_FILE=none: a .env of the checkout (perhaps production's) is never read.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: store.dataRoot,
    ENV_FILE: 'none',
    UPSTASH_REDIS_REST_URL: store.url,
    UPSTASH_REDIS_REST_TOKEN: store.token,
  };
  delete env.REDIS_URL;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['scripts/admin.ts', ...args],
      { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout, err: stderr.trim() }),
    );
    child.stdin?.end(input);
  });
}

/** Starts a fresh local store under a new data root, on `redisUrl`'s Redis if given, and points this process at it. */
async function freshStore(seed: boolean, redisUrl: string | undefined): Promise<Store> {
  for (const name of ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'REDIS_URL']) delete process.env[name];
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  const dataRoot = mkdtempSync(join(tmpdir(), 'backup-'));
  const store = await prepareLocalEnv(dataRoot, { seed, mail: false, ai: false });
  return {
    dataRoot,
    url: process.env.UPSTASH_REDIS_REST_URL!,
    token: process.env.UPSTASH_REDIS_REST_TOKEN!,
    description: store.describeStore ?? '',
    close: () => store.close(),
  };
}

/** Ada's session, from a login as the site would make it. */
async function signIn(): Promise<SessionUser> {
  return sessionUser(await verifyUserToken(await login({ username: 'Ada', password: PASSWORD }, 'backup-test')));
}

/** What the services show of the store: everything the round trip must keep. */
async function snapshot(ada?: SessionUser) {
  return {
    users: await listUsers(),
    orders: await listOrders(20),
    messages: await listContactMessages(20),
    forum: (await listMessages(OPERATOR)).messages,
    schedulingPoll: { ...(await readSchedulingPoll(DEMO_POLL_ID)), version: undefined },
    schedulingVotes: await pollVotes(DEMO_POLL_ID),
    poll: await pollState(0),
    ...(ada && {
      cart: await cartItems(ada, undefined),
      history: (await orderHistory(ada, undefined)).orders,
      scores: await allScores(ada, 'Ada'),
    }),
  };
}

describe.each(ENGINES)(
  'npm run admin -- export / import on the $engine',
  { timeout: 60_000 },
  ({ redisUrl, describes }) => {
    isolateEnv(VARIABLES);

    it('round-trips the data through a backup into an empty store; hashes only when asked; a used store is refused', async () => {
      const source = await freshStore(true, await redisUrl(SOURCE_DB));
      expect(source.description).toMatch(describes);
      let before: Awaited<ReturnType<typeof snapshot>>;
      let plain: { code: number; out: string; err: string };
      let hashed: { code: number; out: string; err: string };
      try {
        await register(
          { username: 'Ada', password: PASSWORD, firstName: 'Ada', lastName: 'L', email: 'a@example.com' },
          'x',
        );
        await setClearance('Ada', 2);
        const ada = await signIn();
        await addToCart(ada, { item: 'Pickles', type: 'Hot', size: 'Quart', quantity: 2 });
        await submitOrder(ada, { orderList: await cartItems(ada, undefined), email: 'a@example.com' }, 'backup-test');
        await addToCart(ada, { item: 'Pickles', type: 'Kosher Dill', size: 'Quart', quantity: 1 });
        await sendContactMessage(
          { senderEmail: 's@example.com', emailSubject: 'Hi', emailText: 'Hello' },
          '10.0.0.1',
          't',
        );
        await postMessage(ada, { text: 'First post' });
        const poll = await readSchedulingPoll(DEMO_POLL_ID);
        await vote({ pollId: DEMO_POLL_ID, optionId: poll.options[0]!.id, username: 'Ada', answer: 'yes' }, ada, 'x');
        await castVote({ name: 'Grace', question: 0, vote: ['0'] }, GUEST, 'x');
        await recordWordGame(ada, { userName: 'Ada', roundScore: 3 });
        before = await snapshot(ada);
        // A rate-limit counter is no part of a backup.
        expect((await redis().keys(`${KEY_PREFIX}rate:*`)).length).toBeGreaterThan(0);

        plain = await admin(source, '', 'export');
        hashed = await admin(source, '', 'export', '--with-password-hashes');
      } finally {
        await source.close();
      }
      expect(plain.code).toBe(0);
      const backup = JSON.parse(plain.out) as Backup;
      expect(backup).toMatchObject({ format: 'site-backup', version: 1, withPasswordHashes: false });
      expect(Date.parse(backup.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(plain.err).toContain(`Exported ${backup.keys.length} keys without password hashes`);
      expect(backup.keys.some((entry) => /^site:(rate|daily|bot-pass):/.test(entry.key))).toBe(false);
      expect(plain.out).not.toContain('passwordHash');
      expect(plain.out).not.toContain('"session"');
      expect(hashed.out).toContain('"passwordHash":"');
      expect(hashed.out).not.toContain('"session"');
      // Contact messages and orders keep their expiry.
      const message = backup.keys.find((entry) => entry.key.startsWith('site:contact:message:'));
      expect(message?.expiresAt).toBeGreaterThan(Date.now() + 300 * 86_400_000);

      // Without hashes: everything comes back, but nobody signs in until set-password.
      const target = await freshStore(false, await redisUrl(DESTINATION_DB));
      try {
        const imported = await admin(target, plain.out, 'import');
        expect(imported.code).toBe(0);
        expect(imported.out).toContain(`Imported ${backup.keys.length} keys.`);
        expect(imported.out).toMatch(/cannot sign in until `npm run admin -- set-password <username>`: .*\bAda\b/);
        expect(await snapshot()).toEqual({ ...before!, cart: undefined, history: undefined, scores: undefined });
        await expect(login({ username: 'Ada', password: PASSWORD }, 'x')).rejects.toMatchObject({
          code: 'unauthorized',
        });
        expect(await redis().ttl(message!.key)).toBeGreaterThan(300 * 86_400);

        // The store now holds data: a second import is refused, and writes nothing.
        const again = await admin(target, hashed.out, 'import');
        expect(again.code).toBe(1);
        expect(again.err).toMatch(/already holds the site's data .*Nothing was written\.$/);
        await expect(login({ username: 'Ada', password: PASSWORD }, 'x')).rejects.toMatchObject({
          code: 'unauthorized',
        });
      } finally {
        await target.close();
      }

      // With hashes: the accounts sign in as before and find their own cart, orders and scores.
      const withHashes = await freshStore(false, await redisUrl(DESTINATION_DB));
      try {
        const imported = await admin(withHashes, hashed.out, 'import');
        expect(imported).toMatchObject({ code: 0 });
        expect(imported.out).not.toContain('set-password');
        // Key for key, the store holds what the source did (expiries to the millisecond aside).
        const strip = (text: string) =>
          (JSON.parse(text) as Backup).keys.map(({ key, type, value, expiresAt }) => ({
            key,
            type,
            value,
            expires: expiresAt !== undefined,
          }));
        const reexported = await admin(withHashes, '', 'export', '--with-password-hashes');
        expect(strip(reexported.out)).toEqual(strip(hashed.out));
        expect(await snapshot(await signIn())).toEqual(before!);
        expect((await admin(withHashes, '{"format":"other"}', 'import')).code).toBe(1);
      } finally {
        await withHashes.close();
      }
    });

    it('says, when an import fails partway, which keys it wrote and which it may have written', async () => {
      const store = await freshStore(false, await redisUrl(DESTINATION_DB));
      try {
        // The first key fills a batch of its own; the second is more than the store takes in one request.
        const [first, tooBig, last] = ['first', 'too-big', 'last'].map((name) => `${KEY_PREFIX}backup-test:${name}`);
        const backup: Backup = {
          format: 'site-backup',
          version: 1,
          exportedAt: new Date().toISOString(),
          withPasswordHashes: false,
          keys: [
            { key: first!, type: 'string', value: 'a'.repeat(300_000) },
            { key: tooBig!, type: 'string', value: 'b'.repeat(MAX_REQUEST_BYTES) },
            { key: last!, type: 'string', value: 'c' },
          ],
        };
        const failed = await importStore(backup).catch((error: unknown) => error);
        expect(failed).toBeInstanceOf(ImportFailed);
        expect((failed as Error).message).toMatch(
          new RegExp(
            `^The import stopped: .+\\. It wrote 1 of 3 keys whole, the backup's first ones \\(${first} to ${first}\\); the batch that failed \\(${tooBig}\\) may be written, wholly or in part; the rest is not\\. The store now holds part of the backup`,
          ),
        );
        expect(await redis().exists(first!, tooBig!, last!)).toBe(1);
      } finally {
        await store.close();
      }
    });
  },
);
