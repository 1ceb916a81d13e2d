// A backup's round trip as an operator makes it: data left through the real services, `npm run
// admin -- export` (a child process) from one local store, `import` into a fresh one, and the
// services reading the same things back.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../tests/setup/isolated-env.ts';
import { listUsers, login, register, setClearance } from '../src/features/auth/service.server.ts';
import { listContactMessages, sendContactMessage } from '../src/features/contact/service.server.ts';
import { listMessages, postMessage } from '../src/features/forum/service.server.ts';
import { allVotes, castVote } from '../src/features/poll/service.server.ts';
import { pollVotes } from '../src/features/scheduling/votes.repo.server.ts';
import { poll as readSchedulingPoll, vote } from '../src/features/scheduling/voting.server.ts';
import { addToCart, cartItems, listOrders, orderHistory, submitOrder } from '../src/features/shop/service.server.ts';
import { allScores, recordWordGame } from '../src/features/word-game/service.server.ts';
import { GUEST, OPERATOR } from '../src/server/caller.ts';
import { KEY_PREFIX } from '../src/server/keys.ts';
import { redis } from '../src/server/redis.ts';
import { type SessionUser, sessionUser } from '../src/server/session.ts';
import { verifyUserToken } from '../src/server/token.ts';
import { DEMO_POLL_ID } from '../tools/demo-data/seed.ts';
import type { Backup } from './backup.ts';
import { LOCAL_ENV_VARIABLES, prepareLocalEnv } from './local-env.ts';

const VARIABLES = [...LOCAL_ENV_VARIABLES, 'DATA_DIR'];
const PASSWORD = 'a long enough password';

/** Runs the CLI against the running store under `dataRoot`, with `input` on its stdin. */
function admin(
  dataRoot: string,
  input: string,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  // ENV_FILE=none: a .env of the checkout (perhaps production's) is never read.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataRoot, ENV_FILE: 'none' };
  for (const name of ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'REDIS_URL']) delete env[name];
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

/** Starts a fresh local store under a new data root and points this process at it. */
async function freshStore(seed: boolean) {
  for (const name of ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN']) delete process.env[name];
  const dataRoot = mkdtempSync(join(tmpdir(), 'backup-'));
  const store = await prepareLocalEnv(dataRoot, { seed, mail: false, ai: false });
  return { dataRoot, close: () => store.close() };
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
    pollVotes: await allVotes(0),
    ...(ada && {
      cart: await cartItems(ada, undefined),
      history: (await orderHistory(ada, undefined)).orders,
      scores: await allScores(ada, 'Ada'),
    }),
  };
}

describe('npm run admin -- export / import', { timeout: 60_000 }, () => {
  isolateEnv(VARIABLES);

  it('round-trips the data through a backup into an empty store; hashes only when asked; a used store is refused', async () => {
    const source = await freshStore(true);
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

      plain = await admin(source.dataRoot, '', 'export');
      hashed = await admin(source.dataRoot, '', 'export', '--with-password-hashes');
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
    const target = await freshStore(false);
    try {
      const imported = await admin(target.dataRoot, plain.out, 'import');
      expect(imported.code).toBe(0);
      expect(imported.out).toContain(`Imported ${backup.keys.length} keys.`);
      expect(imported.out).toMatch(/cannot sign in until `npm run admin -- set-password <username>`: .*\bAda\b/);
      expect(await snapshot()).toEqual({ ...before!, cart: undefined, history: undefined, scores: undefined });
      await expect(login({ username: 'Ada', password: PASSWORD }, 'x')).rejects.toMatchObject({ code: 'unauthorized' });
      expect(await redis().ttl(message!.key)).toBeGreaterThan(300 * 86_400);

      // The store now holds data: a second import is refused, and writes nothing.
      const again = await admin(target.dataRoot, hashed.out, 'import');
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/already holds the site's data .*Nothing was written\.$/);
      await expect(login({ username: 'Ada', password: PASSWORD }, 'x')).rejects.toMatchObject({ code: 'unauthorized' });
    } finally {
      await target.close();
    }

    // With hashes: the accounts sign in as before and find their own cart, orders and scores.
    const withHashes = await freshStore(false);
    try {
      const imported = await admin(withHashes.dataRoot, hashed.out, 'import');
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
      const reexported = await admin(withHashes.dataRoot, '', 'export', '--with-password-hashes');
      expect(strip(reexported.out)).toEqual(strip(hashed.out));
      expect(await snapshot(await signIn())).toEqual(before!);
      expect((await admin(withHashes.dataRoot, '{"format":"other"}', 'import')).code).toBe(1);
    } finally {
      await withHashes.close();
    }
  });
});
