// Test doubles shared by the integration suites: the fake Resend behind the real resend client,
// and session tokens for users of any clearance.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createUser } from '../../src/features/auth/repo.server.ts';
import { accountKeyOf, keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { type SessionUser, newSessionId, sessionUser } from '../../src/server/session.ts';
import { setAddressState } from '../../src/server/mail-address.ts';
import { signUserToken } from '../../src/server/token.ts';
import { type FakeResend, startFakeResend } from '../../tools/fake-resend/server.ts';
import { isolateEnv } from '../setup/isolated-env.ts';

export const MAIL_FROM = 'Site <mail@example.net>';
export const OWNER_ADDRESS = 'owner@example.net';

/** Starts a fake Resend for the file and points mail at it before each test (healed, configured). */
export function useFakeResend(): () => FakeResend {
  let resend: FakeResend | undefined;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend?.close());
  isolateEnv(['RESEND_API_KEY', 'RESEND_BASE_URL', 'MAIL_FROM', 'CONTACT_TO']);
  beforeEach(() => {
    process.env.RESEND_API_KEY = resend!.apiKey;
    process.env.RESEND_BASE_URL = resend!.url;
    process.env.MAIL_FROM = MAIL_FROM;
    process.env.CONTACT_TO = OWNER_ADDRESS;
    resend!.failWith(null);
  });
  return () => resend!;
}

/** Marks each address as confirmed by its holder, as following the link the site mailed does. */
export async function confirmAddresses(...addresses: string[]): Promise<void> {
  for (const address of addresses) await setAddressState(address, 'confirmed');
}

/**
 * The account's current session id and key. A username without an account gets one (no password
 * can log into it), so a token signed for it is a real session that revoking can end.
 */
async function accountOf(username: string, clearance: number): Promise<{ session: string; accountKey: string }> {
  const key = keys.user(usernameKey(username));
  const read = async () => {
    const [session, account] = await redis()
      .pipeline()
      .hget<string>(key, 'session')
      .hget<string>(key, 'account')
      .exec();
    return session ? { session, accountKey: accountKeyOf(username, account) } : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const session = newSessionId();
  const user = { username, firstName: '', lastName: '', email: '', clearance, passwordHash: '', createdAt: '' };
  const accountKey = await createUser({ ...user, session });
  if (accountKey) return { session, accountKey };
  return (await read()) ?? { session, accountKey: usernameKey(username) };
}

/** The account's current session id (an account is made for a username without one, as accountOf says). */
export async function sessionIdOf(username: string, clearance: number): Promise<string> {
  return (await accountOf(username, clearance)).session;
}

/**
 * The account key of `username`'s account, what its own records are kept under (its username key when there is none).
 */
export async function accountKeyFor(username: string): Promise<string> {
  return accountKeyOf(username, await redis().hget<string>(keys.user(usernameKey(username)), 'account'));
}

/** Signs a session token for `username` with the given clearance, as login would, for its current session. */
export async function tokenFor(username: string, clearance: number, email = ''): Promise<string> {
  const details = { username, firstName: '', lastName: '', email, clearance };
  const { session, accountKey } = await accountOf(username, clearance);
  return signUserToken(accountKey, details, session);
}

/** The signed-in user a service sees for `username`'s current session (for calling services directly). */
export async function sessionUserFor(username: string, clearance = 1): Promise<SessionUser> {
  const { session, accountKey } = await accountOf(username, clearance);
  return sessionUser({
    sub: accountKey,
    sid: session,
    exp: 0,
    username,
    firstName: '',
    lastName: '',
    email: '',
    clearance,
  });
}

/** A valid form for a poll made in the scheduling console: two slots ten days ahead, a whole day after. */
export function newPollForm(fields: Record<string, unknown> = {}) {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    title: 'Board game night',
    description: 'Bring snacks, please.',
    location: 'The back room, Main St. 4',
    zone: 'Europe/Berlin',
    days: [
      { date: inDays(10), slots: ['19:00', '20:30'] },
      { date: inDays(11), slots: [] },
    ],
    slotMinutes: 90,
    ...fields,
  };
}
