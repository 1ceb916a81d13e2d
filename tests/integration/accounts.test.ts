// Register, login, account and the rate limits, called as Netlify calls the functions, against
// the local store (a real Redis when REDIS_URL is set).
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/auth-account.mts';
import login from '../../netlify/functions/auth-login.mts';
import register from '../../netlify/functions/auth-register.mts';
import { decodeUserDetails } from '../../src/lib/session-token.ts';
import { createUser } from '../../src/features/auth/repo.server.ts';
import { LIMITS, createAccount } from '../../src/features/auth/service.server.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { verifyUserToken } from '../../src/server/token.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName, withStoreDown } from './request.ts';

const password = 'correct horse battery';

async function registered(extra: Record<string, unknown> = {}) {
  const username = uniqueName();
  const result = await call(register, {
    body: { username, password, firstName: 'Ada', lastName: 'Lovelace', email: '', ...extra },
  });
  expect(result.status).toBe(200);
  return { username, token: String(result.body.user) };
}

describe('register and login', () => {
  it('registers, logs in, and the token carries the right details with clearance 1', async () => {
    const username = uniqueName('Mixed.Case');
    const created = await call(register, {
      body: { username, password, firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com', clearance: 3 },
    });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe('Success');
    const fromRegister = await verifyUserToken(String(created.body.user));
    expect(fromRegister).toMatchObject({
      username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      clearance: 1,
    });

    const loggedIn = await call(login, { body: { username: username.toLowerCase(), password } });
    expect(loggedIn.status).toBe(200);
    // The browser decodes the middle segment without verifying; both readings agree.
    expect(decodeUserDetails(String(loggedIn.body.user))).toEqual({
      username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      clearance: 1,
    });
  });

  it('refuses a username taken in any letter case', async () => {
    const { username } = await registered();
    const again = await call(register, { body: { username: username.toUpperCase(), password } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'That username is already taken. Please choose another.',
      code: 'conflict',
      reason: 'username-taken',
    });
  });

  it.each([
    [{ username: '', password }, 'Username cannot be blank.'],
    [{ username: '   ', password }, 'Username cannot be blank.'],
    [{ username: 'ab', password }, 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    [{ username: 'has space', password }, 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    [{ username: 'x'.repeat(33), password }, 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    [{ username: 'ANON_bob', password }, 'Usernames cannot start with anon_.'],
    [{ username: 'validname', password: '' }, 'Password cannot be blank.'],
    [{ username: 'validname', password: 'short' }, 'Passwords must be at least 8 characters.'],
    [{ username: 'validname', password, email: 'not-an-email' }, 'Invalid Email Format'],
    [{ username: 'validname' }, 'Password cannot be blank.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const result = await call(register, { body });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
  });

  it('refuses blank login fields with the spec messages', async () => {
    expect((await call(login, { body: { username: '', password } })).body.error).toBe('Username cannot be blank.');
    expect((await call(login, { body: { username: 'someone', password: '' } })).body.error).toBe(
      'Password cannot be blank.',
    );
  });

  // A login round trip at the cost production spends (the other tests hash cheaply: vitest.config.ts).
  describe("at OWASP's password cost", () => {
    isolateEnv(['PASSWORD_SCRYPT_N']);

    it('answers a wrong password and an unknown user alike, with no token, after hashing either way', async () => {
      const { username } = await registered();
      const timed = async (body: object) => {
        const started = performance.now();
        const result = await call(login, { body });
        return { ...result, ms: performance.now() - started };
      };
      const wrong = await timed({ username, password: 'wrong password!' });
      const unknown = await timed({ username: uniqueName('nobody'), password: 'wrong password!' });
      for (const result of [wrong, unknown]) {
        expect(result.status).toBe(401);
        expect(result.body).toEqual({
          error: 'Incorrect user credentials.',
          code: 'unauthorized',
          reason: 'incorrect-credentials',
        });
        expect(result.ms).toBeGreaterThan(15); // scrypt ran: no shortcut for unknown users
      }
    });

    it('upgrades a hash made with older scrypt parameters at the next successful login', async () => {
      const username = uniqueName('legacy');
      const salt = randomBytes(16);
      const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
      const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      await createUser({
        username,
        firstName: '',
        lastName: '',
        email: '',
        clearance: 1,
        passwordHash: legacy,
        createdAt: '',
        session: '', // made before sessions could be ended, too
      });
      expect((await call(login, { body: { username, password: 'not the password' } })).status).toBe(401);
      expect(await redis().hget(keys.user(usernameKey(username)), 'passwordHash')).toBe(legacy);
      expect((await call(login, { body: { username, password } })).status).toBe(200);
      const upgraded = String(await redis().hget(keys.user(usernameKey(username)), 'passwordHash'));
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
      // Upgraded once: the next login costs what any login does (its attempt counted, then given back).
      expect(await countStoreRoundTrips(() => call(login, { body: { username, password } }))).toBe(2);
    });
  });

  it.each([
    [{ firstName: 'Ada\u0000anon_x' }, 'First name cannot contain control characters.'],
    [{ firstName: 'Ada\nBob' }, 'First name cannot contain control characters.'],
    [{ lastName: '\u202Eecalevol' }, 'Last name cannot contain control characters.'],
  ])('refuses names with control characters at register and in the admin CLI: %j', async (names, message) => {
    const input = { username: uniqueName(), password, firstName: '', lastName: '', email: '', ...names };
    const refused = await call(register, { body: input });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(message);
    await expect(createAccount(input, 1)).rejects.toThrow(message);
    expect(await redis().exists(keys.user(usernameKey(input.username)))).toBe(0);
  });

  it('costs two store round trips per registration, two per login that succeeds and one per failed one', async () => {
    const username = uniqueName();
    expect(await countStoreRoundTrips(() => call(register, { body: { username, password } }))).toBe(2);
    // The attempt is counted with the user's record read, then given back.
    expect(await countStoreRoundTrips(() => call(login, { body: { username, password } }))).toBe(2);
    const failed = () => call(login, { body: { username, password: 'wrong password!' }, address: newAddress() });
    expect(await countStoreRoundTrips(failed)).toBe(1);
  });
});

describe('rate limits', () => {
  // Each failed login spends a real scrypt verification (about half a second), so the tests bring
  // a counter near its limit by writing it, as many earlier failures would have.
  async function failedBefore(bucket: { bucket: string; windowSeconds: number }, subject: string, count: number) {
    await redis().set(keys.rateLimit(bucket.bucket, subject), count, { ex: bucket.windowSeconds });
  }
  const wrong = 'wrong password!';

  it('counts only failed logins: logging in again and again is never limited', async () => {
    const { username } = await registered();
    const address = newAddress();
    for (let i = 0; i <= LIMITS.loginFailuresPerNameAndAddress.max; i++) {
      expect((await call(login, { body: { username, password }, address })).status).toBe(200);
    }
    const [counter] = await redis().keys(`${keys.rateLimit('login-fail', usernameKey(username))}*`);
    expect(counter).toBeUndefined();
  });

  it('locks one address out of one account after its failures, while the owner elsewhere still gets in', async () => {
    const { username } = await registered();
    const attacker = newAddress();
    const limit = LIMITS.loginFailuresPerNameAndAddress;
    await failedBefore(limit, `${usernameKey(username)}@${attacker}`, limit.max - 1);
    expect((await call(login, { body: { username, password: wrong }, address: attacker })).status).toBe(401);
    const limited = await call(login, { body: { username, password }, address: attacker });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(login, { body: { username, password } })).status).toBe(200);
  });

  it('past the per-name limit, refuses addresses that failed for the name but lets the owner in', async () => {
    const { username } = await registered();
    await failedBefore(LIMITS.loginFailuresPerName, usernameKey(username), LIMITS.loginFailuresPerName.max);
    const guesser = newAddress();
    expect((await call(login, { body: { username, password: wrong }, address: guesser })).status).toBe(401);
    expect((await call(login, { body: { username, password }, address: guesser })).status).toBe(429);
    expect((await call(login, { body: { username, password }, address: newAddress() })).status).toBe(200);
  });

  it('limits failed logins per client address, whatever the username', async () => {
    const address = newAddress();
    const { username } = await registered();
    await failedBefore(LIMITS.loginFailuresPerAddress, address, LIMITS.loginFailuresPerAddress.max - 1);
    expect((await call(login, { body: { username: uniqueName(), password }, address })).status).toBe(401);
    expect((await call(login, { body: { username, password }, address })).status).toBe(429);
    expect((await call(login, { body: { username, password } })).status).toBe(200);
  });

  it('checks no more parallel wrong passwords for one name from one address than its limit allows', async () => {
    const { username } = await registered();
    const address = newAddress();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () => call(login, { body: { username, password: wrong }, address })),
    );
    const checked = guesses.filter((guess) => guess.status === 401).length;
    expect(checked).toBe(LIMITS.loginFailuresPerNameAndAddress.max);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(40 - checked);
  });

  it('gives every failure counter its window', async () => {
    const { username } = await registered();
    const address = newAddress();
    expect((await call(login, { body: { username, password: wrong }, address })).status).toBe(401);
    const name = usernameKey(username);
    for (const key of [
      keys.rateLimit('login-fail', `${name}@${address}`),
      keys.rateLimit('login-fail-ip', address),
      keys.rateLimit('login-fail-user', name),
    ]) {
      expect(await redis().get(key), key).toBe('1');
      expect(await redis().ttl(key), key).toBeGreaterThan(0);
    }
  });

  it('limits registrations per client address', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.registerPerAddress.max; i++) {
      expect((await call(register, { body: { username: uniqueName(), password }, address })).status).toBe(200);
    }
    const limited = await call(register, { body: { username: uniqueName(), password }, address });
    expect(limited.status).toBe(429);
  });

  it('answers every address that tries a taken name that it is taken: no count per name holds it for everyone', async () => {
    const { username } = await registered();
    for (let i = 0; i < 8; i++) {
      expect((await call(register, { body: { username, password }, address: newAddress() })).status).toBe(409);
    }
  });
});

describe('when the store is down', () => {
  it('login and register answer 503 with a clear message, not a crash', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const handler of [login, register]) {
      const result = await withStoreDown(() => call(handler, { body: { username: uniqueName(), password } }));
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        error: 'The data store is unavailable right now. Please try again in a moment.',
        code: 'unavailable',
      });
    }
  });
});

describe('GET /api/account', () => {
  it('returns the stored details of the token user, without the password hash', async () => {
    const { username, token } = await registered({ email: 'me@example.org' });
    const result = await call(account, { method: 'GET', token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      status: 'Success',
      user: {
        username,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'me@example.org',
        clearance: 1,
        emailVerified: false,
      },
    });
    expect(await countStoreRoundTrips(() => call(account, { method: 'GET', token }))).toBe(1);
  });

  it('needs a token', async () => {
    const result = await call(account, { method: 'GET' });
    expect(result.status).toBe(401);
    expect(result.body.error).toBe('Please log in to continue.');
  });
});
