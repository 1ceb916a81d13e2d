import { describe, expect, it } from 'vitest';
import { anonymousVoter, displayName, nameTaken } from './polls.ts';

describe('voter identity', () => {
  it('prefixes anon_ to the trimmed name with whitespace runs turned into underscores', () => {
    expect(anonymousVoter('  Mary  Ann\tLee ')).toBe('anon_Mary_Ann_Lee');
  });

  it('shows a first name, else the username without anon_, else Unknown', () => {
    expect(displayName({ username: 'ada', firstName: ' Ada ' })).toBe('Ada');
    expect(displayName({ username: 'ada', firstName: '  ' })).toBe('ada');
    expect(displayName({ username: 'anon_Mary_Ann' })).toBe('Mary_Ann');
    expect(displayName(undefined)).toBe('Unknown');
    expect(displayName({ username: '' })).toBe('Unknown');
  });

  it('finds a taken name case-insensitively, with or without anon_', () => {
    const voters = ['anon_Mary_Ann', 'Bob'];
    expect(nameTaken('mary ann', voters)).toBe(true);
    expect(nameTaken(' BOB ', voters)).toBe(true);
    expect(nameTaken('Mary', voters)).toBe(false);
    expect(nameTaken('anon', voters)).toBe(false);
  });
});
