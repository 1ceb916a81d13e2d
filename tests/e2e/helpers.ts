import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { createUser as storeUser } from '../../src/features/auth/repo.server.ts';
import { hashPassword } from '../../src/server/password.ts';
import { newSessionId } from '../../src/server/session.ts';
import { signUserToken } from '../../src/server/token.ts';

/** The axe rules a theme can change: the others read the page's structure and names, which no theme touches. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe with the rule sets docs/architecture.md names (or only `rules`) and fails on any
 * violation; with `soft` (the page's name), the test goes on and fails at its end, naming the page.
 */

export async function expectNoAxeViolations(page: Page, soft?: string, rules?: string[]): Promise<void> {
  // Let entrance animations end first: mid-fade, text is judged at part opacity (false contrast failures).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page (and its same-origin frames) at once: about half the time of the
  // default's partial runs, merged in a blank page of their own, with the same findings here.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const results = await (
    rules
      ? axe.withRules(rules)
      : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
  ).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  if (soft) expect.soft(summary, soft).toEqual([]);
  else expect(summary).toEqual([]);
}

const uncached = new WeakSet<Page>();

/**
 * Opens `path` in `page` as a first-time visitor, with `storage` in localStorage: the HTTP cache off
 * and the origin's cookies and storage emptied first. Per-route checks visit their routes one after
 * another this way in one page, at a third of the cost of a fresh browser context each.
 */
export async function firstVisit(page: Page, path: string, storage: Record<string, string> = {}): Promise<void> {
  if (!uncached.has(page)) {
    await (await page.context().newCDPSession(page)).send('Network.setCacheDisabled', { cacheDisabled: true });
    uncached.add(page);
  }
  // A page of the origin with no script of the site's, so nothing left open writes after the emptying.
  await page.goto('/robots.txt');
  await page.context().clearCookies();
  await page.evaluate((items) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  await page.goto(path);
}

/** Builds a token-shaped string for the browser session; pages only decode it, the server verifies. */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ firstName: '', lastName: '', email: '', ...claims })}.sig`;
}

/** Starts the test with a session token in localStorage, as a logged-in visitor would have. */
export async function logInAs(page: Page, claims: Record<string, unknown>): Promise<void> {
  // Once per tab, so that a logout later in the test sticks across navigations.
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-logged-in')) return;
    sessionStorage.setItem('e2e-logged-in', '1');
    localStorage.setItem('token', token);
  }, fakeToken(claims));
}

/** Collects console errors and Content-Security-Policy violations while a page is used. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A username no earlier test or run has used. */
export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

const demoSessions = new Map<string, Promise<string>>();

/** A demo account's session (tools/demo-data), logged in once per worker: each login hashes its password. */
export function demoSession(request: APIRequestContext, username: string, password: string): Promise<string> {
  if (!demoSessions.has(username)) {
    const login = request.post('/api/login', { data: { username, password } });
    demoSessions.set(
      username,
      login.then(async (answer) => ((await answer.json()) as { user: string }).user),
    );
  }
  return demoSessions.get(username)!;
}

/** Runs the admin CLI against the test server's store, as an operator would. */
export function runAdmin(...args: string[]): string {
  return runAdminWithInput('', ...args);
}

/** The environment the admin CLI runs in: this process's own, before createUser reaches the store from here. */
const operatorEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR };

/** Runs the admin CLI with `input` piped on its stdin (a password, which it never takes as an argument). */
export function runAdminWithInput(input: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
    env: operatorEnv,
    encoding: 'utf8',
    input,
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A picture as the browser laid it out and loaded it (picturesIn). */
export interface PictureState {
  top: number;
  right: number;
  loading: string;
  complete: boolean;
  /** Its box's width in device pixels. */
  needed: number;
  /** Its candidates' widths, and the one the browser chose. */
  widths: number[];
  chosen: number | undefined;
}

/** The pictures in `region`, in document order, with their candidates (the AVIF ones where there are). */
export function picturesIn(region: Locator): Promise<PictureState[]> {
  return region.getByRole('img').evaluateAll((all: HTMLImageElement[]) =>
    all.map((img) => {
      const source = img.parentElement!.querySelector<HTMLSourceElement>('source[type="image/avif"]') ?? img;
      const candidates = source.srcset.split(',').map((candidate) => {
        const [url, width] = candidate.trim().split(/\s+/);
        return { url: new URL(url!, location.href).href, width: Number.parseInt(width!, 10) };
      });
      return {
        top: img.getBoundingClientRect().top,
        right: img.getBoundingClientRect().right,
        loading: img.loading,
        complete: img.complete && img.naturalWidth > 0,
        needed: img.clientWidth * devicePixelRatio,
        widths: candidates.map((candidate) => candidate.width),
        chosen: candidates.find((candidate) => candidate.url === img.currentSrc)?.width,
      };
    }),
  );
}

/** Expects the browser chose the smallest candidate that covers the box: never blurry, never larger than needed. */
export function expectFittingCandidate(picture: PictureState): void {
  const fitting = picture.widths.find((width) => width >= picture.needed) ?? Math.max(...picture.widths);
  expect(picture.chosen).toBe(fitting);
}

/**
 * Closes a dialog with Escape once it is open. Some dialogs load on first use: an Escape pressed
 * before one opens is lost, and the dialog then opens over the next step.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Logs in through the nav's Login button and the modal, and waits for the user menu. */
export async function loginThroughModal(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Password').press('Enter');
  await expect(page.getByRole('button', { name: username, exact: true })).toBeVisible();
}

/** The password of every user createUser makes. */
export const USER_PASSWORD = 'long enough password';
/** Its hash, made once per test process: scrypt's half second is paid once, not per user. */
let passwordHash: Promise<string> | undefined;

/**
 * Points this test process at the running test server's store and token secret, found as the admin
 * CLI finds them (scripts/admin.ts; its own runs keep operatorEnv), and answers USER_PASSWORD's hash.
 */
function reachTestServer(): Promise<string> {
  return (passwordHash ??= (async () => {
    // Loaded here, not with the file: it brings the demo data's modules, which most tests never need.
    const { localTokenSecret, runningLocalStore } = await import('../../scripts/local-env.ts');
    const dataDir = process.env.E2E_DATA_DIR!;
    const store = runningLocalStore(dataDir);
    if (!store) throw new Error(`No running test server's store in ${dataDir}`);
    process.env.UPSTASH_REDIS_REST_URL = store.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = store.token;
    process.env.TOKEN_SECRET ??= localTokenSecret(dataDir);
    return hashPassword(USER_PASSWORD);
  })());
}

/**
 * Creates a user in the test server's store through the repository call the admin CLI's
 * create-user ends in (not /api/register, whose per-address limit the whole suite would exceed
 * from one address), and returns a session token signed as a login signs one. Its password is
 * PASSWORD, for the tests that log in with it.
 */
export async function createUser(
  _request: APIRequestContext,
  { clearance = 1, email = '', prefix = 'user' }: { clearance?: number; email?: string; prefix?: string } = {},
): Promise<{ username: string; token: string }> {
  const username = uniqueUsername(prefix);
  const details = { username, firstName: '', lastName: '', email, clearance };
  const session = newSessionId();
  const passwordHash = await reachTestServer();
  const accountKey = await storeUser({ ...details, passwordHash, createdAt: new Date().toISOString(), session });
  if (!accountKey) throw new Error(`${username} is taken`);
  return { username, token: await signUserToken(accountKey, details, session) };
}

/**
 * The path (/email/?…) of the newest link of `purpose` the test server mailed `address` (its
 * outbox), once it is there: some mail goes after the answer (a reset link, by design).
 */
export async function mailedLink(address: string, purpose: 'confirm' | 'reset'): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const find = () =>
    readdirSync(outbox)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')) as { to: string; text: string })
      .findLast((each) => each.to === address && each.text.includes(`/email/?${purpose}=`));
  await expect.poll(() => find() !== undefined, { message: `No ${purpose} link was mailed to ${address}` }).toBe(true);
  return new RegExp(`/email/\\?${purpose}=\\S+`).exec(find()!.text)![0];
}

/** A new customer (with `email` on their account) orders `line` through the shop's API; answers their username. */
export async function placeOrder(
  request: APIRequestContext,
  line: { type: string; size: string; quantity: number },
  email = 'customer@example.com',
): Promise<string> {
  const { username, token } = await createUser(request, { prefix: 'customer', email });
  const headers = { Authorization: `Bearer ${token}` };
  const added = await request.post('/api/dhh/create-cart-item', { headers, data: { item: 'Pickles', ...line } });
  expect(added.ok()).toBe(true);
  const { cartItems } = (await (await request.post('/api/dhh/get-cart-items', { headers, data: {} })).json()) as {
    cartItems: { _id: string }[];
  };
  const order = await request.post('/api/dhh/submit-order', {
    headers,
    data: { orderList: cartItems, email: 'customer@example.com' },
  });
  expect(order.ok()).toBe(true);
  return username;
}
