import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    ['ada@example.com', true],
    ['a.b+c@sub.example.org', true],
    ['ada@example', false],
    ['ada example.com', false],
    ['@example.com', false],
    ['ada@example.c', false],
    [`${'a'.repeat(243)}@example.com`, false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});
