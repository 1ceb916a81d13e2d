import { describe, expect, it, vi } from 'vitest';
import { NO_USER } from '../../lib/user-details.ts';
import { decideAccess, decodeUserDetails, displayName, shopGreeting, userFromToken } from './logic.ts';

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
    ['no token, forum', null, user(3), 2, 'unauthorized'],
    ['token, any-token route', token, user(1), undefined, 'allowed'],
    ['clearance below the level', token, user(1), 2, 'unauthorized'],
    ['clearance at the level', token, user(2), 2, 'allowed'],
    ['clearance above the level', token, user(3), 2, 'allowed'],
    ['console needs 3, has 2', token, user(2), 3, 'unauthorized'],
    ['token without clearance passes', token, user(), 3, 'allowed'],
  ] as const)('%s', (_, t, u, level, expected) => {
    expect(decideAccess(t, u, level)).toBe(expected);
  });
});

describe('greetings', () => {
  it('uses the first name, or the username when there is none', () => {
    expect(displayName({ ...NO_USER, username: 'ada', firstName: 'Ada' })).toBe('Ada');
    expect(displayName({ ...NO_USER, username: 'ada', firstName: '  ' })).toBe('ada');
  });

  it('tells logged-out shoppers to log in, and logged-in ones where to order', () => {
    expect(shopGreeting(NO_USER)).toBe('Please login to place orders.');
    expect(shopGreeting({ ...NO_USER, username: 'ada', firstName: 'Ada' })).toBe(
      'Hello, Ada! Follow the links at the top right to submit an order.',
    );
  });
});
