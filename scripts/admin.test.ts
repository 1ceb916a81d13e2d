// The admin CLI as an operator runs it: a child process, reaching a running local store through
// its address file, or starting one itself.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isolateEnv } from '../tests/setup/isolated-env.ts';
import { confirmAddresses, sessionUserFor } from '../tests/integration/fakes.ts';
import { findUser } from '../src/features/auth/repo.server.ts';
import { login, register } from '../src/features/auth/service.server.ts';
import { MESSAGE_RETENTION_DAYS } from '../src/features/contact/logic.ts';
import { sendContactMessage } from '../src/features/contact/service.server.ts';
import { listMessages, postMessage } from '../src/features/forum/service.server.ts';
import { TIME_SLOT_POLL_IDS, configuredDateOptions, specPolls } from '../src/features/scheduling/configured/logic.ts';
import { dropCatalogue } from '../src/features/scheduling/configured/service.server.ts';
import { DATE_POLL } from '../src/content/polls.ts';
import type { DeploySucceededEvent } from '@netlify/functions';
import storeLayout from '../netlify/functions/store-layout.mts';
import { GUEST, OPERATOR } from '../src/server/caller.ts';
import { castVote, pollState } from '../src/features/poll/service.server.ts';
import { DEMO_POLL_ID } from '../tools/demo-data/seed.ts';
import { ORDER_RETENTION_DAYS } from '../src/features/shop/logic.ts';
import { addToCart, cartItems, orderHistory, submitOrder } from '../src/features/shop/service.server.ts';
import { describePickup, formatPrice } from '../src/features/shop/orders.ts';
import { pollKeys } from '../src/features/poll/keys.server.ts';
import { weddingKeys } from '../src/features/wedding/keys.server.ts';
import { WEDDING } from '../src/content/wedding.ts';
import { WEDDING_GUESTS } from '../src/content/wedding-guests.ts';
import { linkToken, tokenHash } from '../src/features/wedding/links.server.ts';
import { guestKey } from '../src/features/wedding/logic.ts';
import { answerInvitation } from '../src/features/wedding/rsvp/service.server.ts';
import { OTHER_SECRET } from '../src/features/wedding/service.server.ts';
import { redis } from '../src/server/redis.ts';
import { LOCAL_ENV_VARIABLES, prepareLocalEnv } from './local-env.ts';
import { schedulingKeys } from '../src/features/scheduling/poll/keys.server.ts';

const VARIABLES = [...LOCAL_ENV_VARIABLES, 'DATA_DIR'];

/** The docs an owner follows: the README and docs/ but the original specification. */
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md') && name !== 'spec.md')
    .map((name) => `docs/${name}`),
];

/** Runs `work` with the clock (Date only) set `days` back, as something done then. */
async function longAgo(days: number, work: () => Promise<unknown>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - days * 86_400_000 });
  try {
    await work();
  } finally {
    vi.useRealTimers();
  }
}

interface AdminRun {
  code: number;
  out: string;
  /** stderr but the first line, which says which store the CLI talks to (`store`). */
  err: string;
  store: string;
}

/** Runs the CLI without blocking this process, which may be serving the store it talks to. */
function admin(dataRoot: string, ...args: string[]): Promise<AdminRun> {
  return adminWithInput(dataRoot, '', ...args);
}

/** Runs the CLI with `input` piped on its stdin. */
function adminWithInput(dataRoot: string, input: string, ...args: string[]): Promise<AdminRun> {
  return adminWithEnv(dataRoot, {}, input, ...args);
}

/** Runs the CLI with `input` on its stdin and `variables` added to an environment without a store. */
function adminWithEnv(
  dataRoot: string,
  variables: Record<string, string>,
  input: string,
  ...args: string[]
): Promise<AdminRun> {
  // ENV_FILE=none: a .env of the checkout (perhaps production's) is never read.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataRoot, ENV_FILE: 'none' };
  for (const name of ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'REDIS_URL']) delete env[name];
  Object.assign(env, variables);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['scripts/admin.ts', ...args],
      { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const lines = stderr.trim().split('\n');
        const store = lines[0]?.startsWith('Store: ') ? lines.shift()! : '';
        resolve({ code: error ? Number(error.code) : 0, out: stdout.trim(), err: lines.join('\n').trim(), store });
      },
    );
    child.stdin?.end(input);
  });
}

// Each test starts several CLI processes (about a second each on a busy two-core machine).
describe('npm run admin', { timeout: 20_000 }, () => {
  isolateEnv(VARIABLES);

  it('changes the store of a running server: set-clearance, list-users, delete-user', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      await register(
        { username: 'Grace', password: 'long enough password', firstName: '', lastName: '', email: 'g@example.com' },
        'cli',
      );

      const raised = await admin(dataRoot, 'set-clearance', 'grace', '3');
      expect(raised).toMatchObject({
        code: 0,
        out: 'grace now has clearance 3 (from their next login; their sessions have ended).',
      });
      expect((await findUser('Grace'))?.clearance).toBe(3);

      const listed = await admin(dataRoot, 'list-users');
      expect(listed.code).toBe(0);
      expect(listed.out).toMatch(/^Grace\s+3\s+g@example\.com$/m);

      expect(await admin(dataRoot, 'set-clearance', 'grace', '4')).toMatchObject({
        code: 1,
        err: 'Clearance must be a whole number from 1 to 3.',
      });
      expect(await admin(dataRoot, 'set-clearance', 'nobody', '2')).toMatchObject({
        code: 1,
        err: 'No user named nobody.',
      });

      expect(await admin(dataRoot, 'delete-user', 'GRACE')).toMatchObject({ code: 0, out: 'Deleted GRACE.' });
      expect(await findUser('grace')).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('sets a password read from stdin, ending the sessions; the old password no longer logs in', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const details = { username: 'Hedy', firstName: '', lastName: '', email: '' };
      await register({ ...details, password: 'the old password' }, 'cli');
      const before = (await findUser('hedy'))?.session;

      const changed = await adminWithInput(dataRoot, 'the new password\n', 'set-password', 'hedy');
      expect(changed).toMatchObject({ code: 0, out: 'hedy has a new password; their sessions have ended.' });
      expect(changed.out + changed.err).not.toContain('the new password');
      expect((await findUser('hedy'))?.session).not.toBe(before);
      await expect(login({ username: 'hedy', password: 'the old password' }, 'cli')).rejects.toMatchObject({
        code: 'unauthorized',
      });
      expect(await login({ username: 'hedy', password: 'the new password' }, 'cli')).toMatch(/^ey/);

      expect(await adminWithInput(dataRoot, 'short\n', 'set-password', 'hedy')).toMatchObject({
        code: 1,
        err: 'Passwords must be at least 8 characters.',
      });
      expect(await adminWithInput(dataRoot, 'long enough password\n', 'set-password', 'nobody')).toMatchObject({
        code: 1,
        err: 'No user named nobody.',
      });
    } finally {
      await server.close();
    }
  });

  it('starts the local store itself when no server runs, and keeps what it changed', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const first = await prepareLocalEnv(dataRoot, { seed: true });
    await first.close();
    for (const name of VARIABLES) delete process.env[name];

    expect((await admin(dataRoot, 'set-clearance', 'demo_visitor', '2')).code).toBe(0);
    const listed = await admin(dataRoot, 'list-users');
    expect(listed.out).toMatch(/^demo_visitor\s+2\s/m);
    expect(listed.out).toMatch(/^demo_admin\s+3\s/m);
  });

  it('migrates a store from before: the configured polls are stored once, then nothing is', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: true });
    try {
      await redis().hdel(schedulingKeys.polls(), ...specPolls().map((poll) => poll.id));
      const first = await admin(dataRoot, 'migrate');
      expect(first).toMatchObject({
        code: 0,
        out: expect.stringContaining(`${specPolls().length} configured poll(s)`),
      });
      expect(await redis().hexists(schedulingKeys.polls(), specPolls()[0]!.id)).toBe(1);
      expect((await admin(dataRoot, 'migrate')).out).toContain('0 configured poll(s)');
    } finally {
      await server.close();
    }
  });

  it("gives a fresh store the configured polls' dates and time slots on its first migrate only", async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const offered = (pollId: string) => redis().scard(schedulingKeys.offered(pollId));
      expect(await offered(DATE_POLL.id)).toBe(0);
      const first = await admin(dataRoot, 'migrate');
      expect(first).toMatchObject({
        code: 0,
        out: expect.stringContaining("offering the config's dates and time slots"),
      });
      expect(await offered(DATE_POLL.id)).toBe(configuredDateOptions().length);
      for (const pollId of TIME_SLOT_POLL_IDS) expect(await offered(pollId)).toBeGreaterThan(0);

      // The owner empties the dates in the console: the next deploy's migrate leaves them out.
      await dropCatalogue(OPERATOR, 'dates');
      const again = await admin(dataRoot, 'migrate');
      expect(again.out).not.toContain("offering the config's dates");
      expect(await offered(DATE_POLL.id)).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('migrates by itself after a production deploy (Netlify calls store-layout), never after a preview', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    const deployed = (context: string) =>
      storeLayout.deploySucceeded({ deploy: { context }, site: {} } as DeploySucceededEvent);
    try {
      const offered = () => redis().scard(schedulingKeys.offered(DATE_POLL.id));
      await deployed('deploy-preview');
      await deployed('branch-deploy');
      expect(await offered()).toBe(0);
      await deployed('production');
      expect(await offered()).toBe(configuredDateOptions().length);
    } finally {
      await server.close();
    }
  });

  it('sends the scheduling polls’ digests waiting, once', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: true });
    try {
      await redis().sadd(schedulingKeys.digests(), DEMO_POLL_ID);
      await redis().hset(schedulingKeys.state(DEMO_POLL_ID), { answers: 2, voters: 1 });
      const sent = await admin(dataRoot, 'poll-digests');
      // Mail goes to the local outbox (no Resend key here), or is recorded as not sent:
      // the waiting digest is taken once.
      expect(sent).toMatchObject({ code: 0, out: expect.stringMatching(/^Poll digests: [01] mailed\.$/) });
      expect(await redis().hexists(schedulingKeys.state(DEMO_POLL_ID), 'answers')).toBe(0);
      expect((await admin(dataRoot, 'poll-digests')).out).toBe('Poll digests: 0 mailed.');
    } finally {
      await server.close();
    }
  });

  it('takes a voter out of a scheduling poll or the one-question poll', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: true });
    try {
      await castVote({ name: 'Spammer', question: 0, vote: ['0'] }, GUEST, 'cli');
      expect(await admin(dataRoot, 'remove-voter', '0', 'spammer')).toMatchObject({
        code: 0,
        out: "Removed spammer's vote from question 0.",
      });
      expect(await redis().hlen(pollKeys.votes(0))).toBe(0);
      expect(await admin(dataRoot, 'remove-voter', DEMO_POLL_ID, 'anon_Zoë')).toMatchObject({
        code: 0,
        out: `Removed anon_Zoë and their 2 answer(s) from poll ${DEMO_POLL_ID}.`,
      });
      expect(await redis().hkeys(schedulingKeys.people(DEMO_POLL_ID))).toEqual(['anon_róisín']);
      expect((await admin(dataRoot, 'remove-voter', DEMO_POLL_ID, 'anon_Zoë')).code).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('closes the one-question poll and reopens it', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      expect(await admin(dataRoot, 'poll-close')).toMatchObject({
        code: 0,
        out: 'Closed question 0: everyone sees the results, and nobody can vote.',
      });
      expect((await pollState(0)).closed).toBe(true);
      await expect(castVote({ name: 'Late Voter', question: 0, vote: ['0'] }, GUEST, 'cli')).rejects.toMatchObject({
        reason: 'poll-closed',
      });
      expect(await admin(dataRoot, 'poll-open', '0')).toMatchObject({
        code: 0,
        out: 'Reopened question 0: visitors can vote again.',
      });
      expect((await pollState(0)).closed).toBe(false);
      expect(await castVote({ name: 'Late Voter', question: 0, vote: ['0'] }, GUEST, 'cli')).toBe('Success');
      const unknown = await admin(dataRoot, 'poll-close', '7');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('There is no question 7');
    } finally {
      await server.close();
    }
  });

  it('lists contact messages newest first, with how their mail went', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const message = (n: number) => ({
        senderEmail: `sender${n}@example.com`,
        emailSubject: `Hello ${n}`,
        emailText: '',
      });
      // A message from beyond its retention: the next message removes it, so it is not listed.
      await longAgo(MESSAGE_RETENTION_DAYS + 1, () => sendContactMessage(message(0), '10.1.1.2', 'test'));
      await sendContactMessage(message(1), '10.1.1.1', 'test');
      await sendContactMessage({ ...message(2), emailText: 'Line one\nLine two' }, '10.1.1.1', 'test');
      delete process.env.RESEND_API_KEY; // mail switched off: stored and marked, not mailed
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await sendContactMessage(message(3), '10.1.1.1', 'test');

      const listed = await admin(dataRoot, 'messages');
      expect(listed.code).toBe(0);
      const blocks = listed.out.split('\n\n');
      expect(blocks).toHaveLength(3);
      expect(blocks[0]).toMatch(
        /^\S+Z {2}not-sent \(RESEND_API_KEY is not set\)\nFrom: {4}sender3@example\.com\nSubject: Hello 3\n {2}\(no message\)$/,
      );
      expect(blocks[1]).toMatch(
        / {2}delivered \([0-9a-f-]{36}\)\nFrom: {4}sender2@example\.com\nSubject: Hello 2\n {2}Line one\n {2}Line two$/,
      );
      expect(blocks[2]).toContain('From:    sender1@example.com');

      expect((await admin(dataRoot, 'messages', '1')).out.split('\n\n')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("lists orders newest first, everyone's or one user's", async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const order = async (username: string, type: 'Hot' | 'Kosher Dill') => {
        // The confirmation goes to the account's own address, confirmed by its holder.
        const user = { ...(await sessionUserFor(username)), email: `${username}@example.com` };
        await confirmAddresses(user.email);
        await addToCart(user, { item: 'Pickles', type, size: 'Quart', quantity: 2 });
        await submitOrder(user, { orderList: await cartItems(user, undefined), email: user.email }, 'test');
      };
      // An order from beyond its retention: the next order removes it, so it is not listed.
      await longAgo(ORDER_RETENTION_DAYS + 1, () => order('ann', 'Kosher Dill'));
      await order('ann', 'Hot');
      await order('bob', 'Kosher Dill');

      const all = await admin(dataRoot, 'orders');
      expect(all.code).toBe(0);
      const blocks = all.out.split('\n\n');
      // Its total and pickup day when the shop's content gives them (src/content/shop/).
      const bobs = (await orderHistory(await sessionUserFor('bob'), undefined)).orders[0]!;
      const extra = [
        ...(bobs.total === null ? [] : [`  Total: ${formatPrice(bobs.total)}`]),
        ...(bobs.pickup ? [`  Pickup: ${describePickup(bobs.pickup)}`] : []),
      ];
      expect(blocks[0]).toMatch(
        /^\S+Z {2}bob {2}bob@example\.com {2}delivered \([0-9a-f-]{36}\)\n {2}2 × Kosher Dill Pickles, Quart(\n|$)/,
      );
      expect(blocks[0]!.split('\n').slice(2)).toEqual(extra);
      expect(blocks[1]).toMatch(/ann@example\.com/);
      const anns = await admin(dataRoot, 'orders', '5', 'ann');
      expect(anns.out.split('\n\n')).toHaveLength(1);
      expect(anns.out).toContain('2 × Hot Pickles, Quart');
      expect((await admin(dataRoot, 'orders', '5', 'nobody')).out).toBe('No orders.');
    } finally {
      await server.close();
    }
  });

  it('deletes any forum message for moderation', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const posted = await postMessage(await sessionUserFor('troll', 2), { text: 'Spam' });
      expect(await admin(dataRoot, 'delete-message', posted._id)).toMatchObject({
        code: 0,
        out: `Deleted forum message ${posted._id}.`,
      });
      expect((await listMessages(OPERATOR)).messages.some((message) => message._id === posted._id)).toBe(false);
      expect(await admin(dataRoot, 'delete-message', posted._id)).toMatchObject({
        code: 1,
        err: `No message with id ${posted._id}.`,
      });
    } finally {
      await server.close();
    }
  });

  it('creates accounts with a clearance and a password read from stdin, checking the same rules as register', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const created = await adminWithInput(dataRoot, 'long enough password\n', 'create-user', 'Moderator', '3');
      expect(created).toMatchObject({ code: 0, out: 'Created Moderator with clearance 3.' });
      expect(created.out + created.err).not.toContain('long enough password');
      expect((await findUser('moderator'))?.clearance).toBe(3);
      expect(await login({ username: 'moderator', password: 'long enough password' }, 'cli')).toMatch(/^ey/);
      expect((await adminWithInput(dataRoot, 'long enough password\n', 'create-user', 'moderator')).err).toBe(
        'That username is already taken. Please choose another.',
      );
      expect((await adminWithInput(dataRoot, 'short\n', 'create-user', 'newbie')).code).toBe(1);
      expect((await adminWithInput(dataRoot, 'long enough password\n', 'create-user', 'newbie', '9')).err).toBe(
        'Clearance must be a whole number from 1 to 3.',
      );
      // The old form, with the password as an argument, is refused before anything is read.
      const old = await adminWithInput(dataRoot, '', 'create-user', 'newbie', 'long enough password');
      expect(old.code).toBe(1);
      expect(old.err).toContain('the password is typed or piped, never an argument');
      expect(await findUser('newbie')).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('says which store it talks to: Upstash by host only, a running server, or one started for the command', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: false });
    try {
      const url = process.env.UPSTASH_REDIS_REST_URL!;
      const token = process.env.UPSTASH_REDIS_REST_TOKEN!;
      const configured = await adminWithEnv(
        mkdtempSync(join(tmpdir(), 'admin-')),
        { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token },
        '',
        'list-users',
        '--prod',
      );
      expect(configured).toMatchObject({
        code: 0,
        out: 'No users.',
        store: `Store: Upstash at ${new URL(url).origin}`,
      });
      expect(configured.store + configured.err).not.toContain(token);

      expect((await admin(dataRoot, 'list-users')).store).toBe(
        `Store: the local store of a running server (${join(dataRoot, 'local-store.json')})`,
      );
    } finally {
      await server.close();
    }
    expect((await admin(dataRoot, 'list-users')).store).toMatch(
      /^Store: a local store started for this command \(embedded engine, data in .*local-store\)$/,
    );
  });

  it('refuses a local store with --prod, and a half-configured production store, doing nothing', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const prod = await adminWithInput(dataRoot, 'long enough password\n', 'create-user', 'ada', '--prod');
    expect(prod.code).toBe(1);
    expect(prod.err).toMatch(/^--prod: UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are not set/);
    const urlOnly = await adminWithEnv(
      dataRoot,
      { UPSTASH_REDIS_REST_URL: 'https://eu1-example.upstash.io' },
      '',
      'list-users',
    );
    expect(urlOnly.code).toBe(1);
    expect(urlOnly.err).toMatch(/^UPSTASH_REDIS_REST_TOKEN is not set/);
    const tokenOnly = await adminWithEnv(dataRoot, { UPSTASH_REDIS_REST_TOKEN: 'secret' }, '', 'list-users');
    expect(tokenOnly.code).toBe(1);
    expect(tokenOnly.err).toMatch(/^UPSTASH_REDIS_REST_URL is not set/);
    // No local store was started, so nothing was written.
    expect(existsSync(join(dataRoot, 'local-store'))).toBe(false);
  });

  it('imports a guest list from CSV: every mistake by line and nothing changed, else the list replaced, answers kept, links printed', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: true });
    try {
      // Mia Kim answered on the RSVP page before the import; her row in the file has no answers.
      const mia = guestKey({ g1FullName: 'Mia Kim' });
      await answerInvitation(
        { token: linkToken(mia), one: { wedding: 'no', food: '', rehearsal: 'no', dietary: '' }, email: '' },
        '10.9.9.9',
        'cli-test',
      );
      const before = await redis().hgetall(weddingKeys.guests());
      const households = await redis().hlen(weddingKeys.guests());
      const bad = join(dataRoot, 'bad.csv');
      writeFileSync(bad, 'g1FullName,numberOfGuests,g1FoodChoice\nMia Kim,1,\n,1,\nBo,3,Lobster\n');
      const refused = await admin(dataRoot, 'import-guests', bad);
      expect(refused.code).toBe(1);
      expect(refused.err).toBe(
        [
          `${bad} was not imported; the guest list is unchanged. Mistakes:`,
          '  line 3: g1FullName (guest one’s name) is empty.',
          `  line 4: g1FoodChoice is "Lobster", which is not on the menu (${WEDDING.menu.join(', ')}).`,
          '  line 4: numberOfGuests is "3": it must be 1 or 2.',
        ].join('\n'),
      );
      expect(await redis().hgetall(weddingKeys.guests())).toEqual(before);

      const good = join(dataRoot, 'guests.csv');
      writeFileSync(
        good,
        '\uFEFFg1FullName,numberOfGuests,g2FullName,g1WeddingAccepted\r\nMia Kim,1,,\r\n"Newt, the Newcomer",2,Nia,yes\r\n',
      );
      const imported = await admin(dataRoot, 'import-guests', good);
      expect(imported.code).toBe(0);
      const lines = imported.out.split('\n');
      expect(lines[0]).toBe(
        `Imported 2 household(s): 1 new, 1 kept the answers they had given, ${households - 1} left the list (with their answers).`,
      );
      expect(lines[1]).toMatch(/^RSVP links \(send each household its own\):$/);
      const newt = guestKey({ g1FullName: 'Newt, the Newcomer' });
      expect(lines.slice(2)).toEqual([
        `Mia Kim             http://localhost:8888/rsvp#${linkToken(mia)}`,
        `Newt, The Newcomer  http://localhost:8888/rsvp#${linkToken(newt)}`,
      ]);
      expect(await redis().hkeys(weddingKeys.guests())).toHaveLength(2);
      expect(JSON.parse((await redis().hget<string>(weddingKeys.guests(), mia))!)).toMatchObject({
        g1WeddingAccepted: 'Declined',
        hasAlreadyRsvped: true,
      });
      expect(await redis().hget(weddingKeys.links(), tokenHash(linkToken(newt)))).toBe(newt);
    } finally {
      await server.close();
    }
  });

  it("prints every household's link, and refuses to make links under another TOKEN_SECRET unless asked", async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
    const server = await prepareLocalEnv(dataRoot, { seed: true });
    try {
      const listed = await admin(dataRoot, 'guest-links');
      expect(listed.code).toBe(0);
      const links = listed.out.split('\n').slice(1);
      expect(links).toHaveLength(WEDDING_GUESTS.length);
      const obrien = guestKey({ g1FullName: "Margaret O'Brien" });
      expect(links).toContainEqual(
        expect.stringMatching(new RegExp(`^Margaret O'Brien +http://localhost:8888/rsvp#${linkToken(obrien)}$`)),
      );

      const other = { TOKEN_SECRET: 'another-secret-that-is-at-least-32-bytes!!' };
      const refused = await adminWithEnv(dataRoot, other, '', 'guest-links');
      expect(refused).toMatchObject({ code: 1, err: OTHER_SECRET });
      expect(await redis().hget(weddingKeys.links(), tokenHash(linkToken(obrien)))).toBe(obrien);
      const remade = await adminWithEnv(dataRoot, other, '', 'guest-links', '--new-links');
      expect(remade.code).toBe(0);
      expect(remade.out).not.toContain(linkToken(obrien));
      expect(await redis().hget(weddingKeys.links(), tokenHash(linkToken(obrien)))).toBeNull();
    } finally {
      await server.close();
    }
  });

  it(
    'runs every command the docs give as written, their placeholders filled, and knows every npm script they name',
    { timeout: 90_000 },
    async () => {
      const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
      const documented = DOCS.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/`npm run ([^`]+)`/g)].map(([, command]) => ({
          file,
          command: command!,
        })),
      );
      for (const { file, command } of documented)
        expect(scripts, `${file}: npm run ${command}`).toHaveProperty(command.split(' ')[0]!);
      const adminCommands = [...new Set(documented.map(({ command }) => /^admin -- (.+)$/.exec(command)?.[1]))].filter(
        (command): command is string => command !== undefined && command !== '…',
      );
      // An account first (set-password needs one), the import last, into an empty store of its own.
      const order = (command: string) =>
        command.startsWith('create-user') ? 0 : command.startsWith('import ') ? 2 : 1;
      adminCommands.sort((a, b) => order(a) - order(b));
      expect(adminCommands.length).toBeGreaterThan(10);

      let dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
      const files = mkdtempSync(join(tmpdir(), 'documented-'));
      writeFileSync(join(files, 'guests.csv'), 'g1FullName,numberOfGuests\nAda Lovelace,1\n');
      let server = await prepareLocalEnv(dataRoot, { seed: true });
      try {
        const [message] = (await listMessages(OPERATOR)).messages;
        const filled: Record<string, string> = {
          username: 'docs_owner',
          name: 'docs_owner',
          email: 'owner@example.com',
          id: message!._id,
        };
        for (const command of adminCommands) {
          const words = command.replace(/<(\w+)>/g, (_, name: string) => filled[name] ?? name).split(' ');
          const from = words.indexOf('<');
          const to = words.indexOf('>');
          if (command.startsWith('import ')) {
            await server.close();
            dataRoot = mkdtempSync(join(tmpdir(), 'admin-'));
            server = await prepareLocalEnv(dataRoot, { seed: false });
          }
          const input = from >= 0 ? readFileSync(join(files, words[from + 1]!), 'utf8') : 'a long enough password\n';
          const redirections = [from, to].filter((at) => at >= 0).flatMap((at) => [at, at + 1]);
          // A file the command names is the one written here (the CLI runs in the checkout).
          const args = words
            .filter((_, at) => !redirections.includes(at))
            .map((word) => (existsSync(join(files, word)) ? join(files, word) : word));
          const run = await adminWithInput(dataRoot, input, ...args);
          expect(run.code, `npm run admin -- ${command}: ${run.err}`).toBe(0);
          if (to >= 0) writeFileSync(join(files, words[to + 1]!), run.out);
        }
      } finally {
        await server.close();
      }
    },
  );

  it('explains its usage for an unknown command', async () => {
    const result = await admin(mkdtempSync(join(tmpdir(), 'admin-')), 'frobnicate');
    expect(result.code).toBe(2);
    expect(result.err).toContain('Usage: npm run admin -- <command>');
  });
});
