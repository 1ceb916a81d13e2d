// Register, login, account and the rate limits, called as Netlify calls the functions, against
// the local store (a real Redis when REDIS_URL is set).
import { describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import login from '../../netlify/functions/login.mts';
import register from '../../netlify/functions/register.mts';
import { decodeUserDetails } from '../../src/lib/session-token.ts';
import { LIMITS } from '../../src/features/auth/service.server.ts';
import { verifyUserToken } from '../../src/server/token.ts';
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
    expect(again.body.error).toBe('That username is already taken. Please choose another.');
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
      expect(result.body).toEqual({ error: 'Incorrect user credentials.', code: 'unauthorized' });
      expect(result.ms).toBeGreaterThan(15); // scrypt ran: no shortcut for unknown users
    }
  });

  it('refuses blank login fields with the spec messages', async () => {
    expect((await call(login, { body: { username: '', password } })).body.error).toBe('Username cannot be blank.');
    expect((await call(login, { body: { username: 'someone', password: '' } })).body.error).toBe(
      'Password cannot be blank.',
    );
  });

  it('costs one store round trip per login and two per registration', async () => {
    const username = uniqueName();
    expect(await countStoreRoundTrips(() => call(register, { body: { username, password } }))).toBe(2);
    expect(await countStoreRoundTrips(() => call(login, { body: { username, password } }))).toBe(1);
  });
});

describe('rate limits', () => {
  it('limits login attempts per username, whatever the address', async () => {
    const { username } = await registered();
    for (let i = 0; i < LIMITS.loginPerUsername.max; i++) {
      expect((await call(login, { body: { username, password: 'wrong password!' } })).status).toBe(401);
    }
    const limited = await call(login, { body: { username, password } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits login attempts per client address, whatever the username', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.loginPerAddress.max; i++) {
      await call(login, { body: { username: uniqueName(), password }, address });
    }
    expect((await call(login, { body: { username: uniqueName(), password }, address })).status).toBe(429);
    expect((await call(login, { body: { username: uniqueName(), password } })).status).toBe(401);
  });

  it('limits registrations per client address', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.registerPerAddress.max; i++) {
      expect((await call(register, { body: { username: uniqueName(), password }, address })).status).toBe(200);
    }
    const limited = await call(register, { body: { username: uniqueName(), password }, address });
    expect(limited.status).toBe(429);
  });

  it('limits registration attempts per username, whatever the address', async () => {
    const { username } = await registered();
    for (let i = 1; i < LIMITS.registerPerUsername.max; i++) {
      expect((await call(register, { body: { username, password } })).status).toBe(409);
    }
    expect((await call(register, { body: { username, password } })).status).toBe(429);
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
      user: { username, firstName: 'Ada', lastName: 'Lovelace', email: 'me@example.org', clearance: 1 },
    });
    expect(await countStoreRoundTrips(() => call(account, { method: 'GET', token }))).toBe(1);
  });

  it('needs a token', async () => {
    const result = await call(account, { method: 'GET' });
    expect(result.status).toBe(401);
    expect(result.body.error).toBe('Please log in to continue.');
  });
});
