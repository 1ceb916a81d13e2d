import { describe, expect, it, vi } from 'vitest';
import { canAdminister, canUseForum } from './policy.ts';
import { decideAccess, decodeUserDetails, userFromToken } from './session-token.ts';
import { NO_USER } from './user-details.ts';

/** Builds a token-shaped string; the browser never verifies signatures, only the server does. */
function tokenWith(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('decodeUserDetails', () => {
  it('reads the user details from the middle segment, base64url and UTF-8 included', () => {
    const token = tokenWith({
      username: 'zoë',
      firstName: 'Zoë ~?>',
      lastName: 'Ångström',
      email: 'z@example.com',
      clearance: 2,
      sub: '1',
    });
    expect(decodeUserDetails(token)).toEqual({
      username: 'zoë',
      firstName: 'Zoë ~?>',
      lastName: 'Ångström',
      email: 'z@example.com',
      clearance: 2,
    });
  });

  it('leaves clearance absent when the token has none, and blanks missing names', () => {
    expect(decodeUserDetails(tokenWith({ username: 'ada' }))).toEqual({
      username: 'ada',
      firstName: '',
      lastName: '',
      email: '',
    });
  });

  it('throws on something that is not a token', () => {
    expect(() => decodeUserDetails('garbage')).toThrow();
    expect(() => decodeUserDetails('a.%%%.c')).toThrow();
  });
});

describe('userFromToken', () => {
  it('is empty without a token', () => {
    expect(userFromToken(null)).toEqual(NO_USER);
  });

  it('logs an error and leaves the username empty when decoding fails', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(userFromToken('not.a-token.at-all')).toEqual(NO_USER);
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('decideAccess (spec section 4, Guards)', () => {
  const token = 'present';
  const user = (clearance?: number) => ({
    ...NO_USER,
    username: 'ada',
    ...(clearance === undefined ? {} : { clearance }),
  });

  it.each([
    ['no token, any route', null, user(3), undefined, 'unauthorized'],
    ['no token, forum', null, user(3), canUseForum, 'unauthorized'],
    ['token, any-token route', token, user(1), undefined, 'allowed'],
    ['clearance below the forum', token, user(1), canUseForum, 'unauthorized'],
    ['clearance at the forum', token, user(2), canUseForum, 'allowed'],
    ['clearance above the forum', token, user(3), canUseForum, 'allowed'],
    ['console needs 3, has 2', token, user(2), canAdminister, 'unauthorized'],
    ['token without clearance passes', token, user(), canAdminister, 'allowed'],
  ] as const)('%s', (_, t, u, permission, expected) => {
    expect(decideAccess(t, u, permission)).toBe(expected);
  });
});
