import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginRequest, registerRequest } from './schema.ts';

const messageFor = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? 'ok' : result.issues[0]?.message;
};

describe('username rules', () => {
  it.each([
    ['abc', 'ok'],
    ['A.b-c_9', 'ok'],
    ['x'.repeat(32), 'ok'],
    ['ab', 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    ['x'.repeat(33), 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    ['zoë', 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    ['a b', 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    ['a:b', 'Usernames are 3 to 32 letters, digits, _, - or . characters.'],
    ['anon_joe', 'Usernames cannot start with anon_.'],
    ['Anon_Joe', 'Usernames cannot start with anon_.'],
    ['anonymous', 'ok'],
    ['', 'Username cannot be blank.'],
    ['  ', 'Username cannot be blank.'],
  ])('%j → %s', (username, expected) => {
    expect(messageFor(registerRequest, { username, password: 'long enough' })).toBe(expected);
  });
});

describe('register payload', () => {
  it('trims names, keeps email optional, and drops fields it does not know (clearance included)', () => {
    const parsed = v.parse(registerRequest, {
      username: ' ada ',
      password: 'long enough',
      firstName: ' Ada ',
      clearance: 3,
    });
    expect(parsed).toEqual({ username: 'ada', password: 'long enough', firstName: 'Ada', lastName: '', email: '' });
  });

  it('refuses short passwords and invalid emails with the spec text', () => {
    expect(messageFor(registerRequest, { username: 'ada', password: '1234567' })).toBe(
      'Passwords must be at least 8 characters.',
    );
    expect(messageFor(registerRequest, { username: 'ada', password: 'long enough', email: 'ada@' })).toBe(
      'Invalid Email Format',
    );
  });

  it('login needs both fields, with the spec messages', () => {
    expect(messageFor(loginRequest, {})).toBe('Username cannot be blank.');
    expect(messageFor(loginRequest, { username: 'ada' })).toBe('Password cannot be blank.');
  });
});
