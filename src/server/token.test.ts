import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_LIFETIME_SECONDS, signUserToken, verifyUserToken } from './token.ts';

const user = { username: 'zoë', firstName: 'Zoë', lastName: '', email: '', clearance: 3 };
const secret = () => new TextEncoder().encode(process.env.TOKEN_SECRET);

describe('session tokens', () => {
  const original = process.env.TOKEN_SECRET;
  afterEach(() => {
    process.env.TOKEN_SECRET = original;
  });

  it('round-trips the user details with a subject and a week-long expiry', async () => {
    const now = Date.now();
    const claims = await verifyUserToken(await signUserToken('user-7', user, 'session-1', now));
    expect(claims).toMatchObject({ sub: 'user-7', sid: 'session-1', ...user });
    expect(claims.exp).toBe(Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS);
  });

  it('refuses an expired token with a message saying so', async () => {
    const old = await signUserToken('user-7', user, 'session-1', Date.now() - (TOKEN_LIFETIME_SECONDS + 60) * 1000);
    await expect(verifyUserToken(old)).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Your session has expired. Please log in again.',
    });
  });

  it('refuses a token without a session id (signed before sessions could be ended)', async () => {
    const old = await new SignJWT({ ...user })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-7')
      .setIssuer('portfolio-site')
      .setExpirationTime('1h')
      .sign(secret());
    await expect(verifyUserToken(old)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses tampered, unsigned and other-algorithm tokens', async () => {
    const token = await signUserToken('user-7', { ...user, clearance: 1 }, 'session-1');
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...user, sub: 'user-7', clearance: 3 })).toString('base64url');
    await expect(verifyUserToken(`${header}.${forgedPayload}.${signature}`)).rejects.toMatchObject({
      code: 'unauthorized',
    });

    const unsigned = new UnsecuredJWT({ ...user })
      .setSubject('x')
      .setIssuer('portfolio-site')
      .setExpirationTime('1h')
      .encode();
    await expect(verifyUserToken(unsigned)).rejects.toMatchObject({ code: 'unauthorized' });

    const hs512 = await new SignJWT({ ...user })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('x')
      .setIssuer('portfolio-site')
      .setExpirationTime('1h')
      .sign(secret());
    await expect(verifyUserToken(hs512)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(verifyUserToken('not-a-token')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('treats a missing or short secret as a configuration error, never a default', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    delete process.env.TOKEN_SECRET;
    await expect(signUserToken('u', user, 'session-1')).rejects.toMatchObject({ code: 'unavailable' });
    process.env.TOKEN_SECRET = 'x'.repeat(31);
    await expect(signUserToken('u', user, 'session-1')).rejects.toMatchObject({ code: 'unavailable' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('TOKEN_SECRET must be set to at least 32 bytes'));
    process.env.TOKEN_SECRET = 'y'.repeat(32);
    expect(await signUserToken('u', user, 'session-1')).toMatch(/^ey/);
  });
});
