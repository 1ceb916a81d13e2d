import { describe, expect, it } from 'vitest';
import { NO_USER, displayName } from '../../lib/user-details.ts';
import { shopGreeting } from './logic.ts';

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
