import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../../tests/setup/isolated-env.ts';
import { mailCaps } from './mail.ts';

describe('mailCaps', () => {
  isolateEnv(['MAIL_DAILY_CAP', 'MAIL_DAILY_CONTACT_CAP', 'MAIL_DAILY_ORDER_CAP', 'MAIL_DAILY_PER_ACCOUNT']);

  it('gives contact mail and order mail half of Resend’s free 100 a day each, and an account 10', () => {
    expect(mailCaps()).toEqual({ contact: 50, orders: 50, perAccount: 10 });
  });

  it('splits MAIL_DAILY_CAP (before, the one budget of all mail) when the two budgets are not set', () => {
    process.env.MAIL_DAILY_CAP = '7';
    expect(mailCaps()).toMatchObject({ contact: 4, orders: 3 });
    process.env.MAIL_DAILY_ORDER_CAP = '20';
    expect(mailCaps()).toMatchObject({ contact: 4, orders: 20 });
    process.env.MAIL_DAILY_CONTACT_CAP = '0';
    expect(mailCaps()).toMatchObject({ contact: 0, orders: 20 });
  });

  it('takes whole numbers of 0 or more, else the default', () => {
    process.env.MAIL_DAILY_CONTACT_CAP = '-1';
    process.env.MAIL_DAILY_ORDER_CAP = '2.5';
    process.env.MAIL_DAILY_PER_ACCOUNT = 'many';
    expect(mailCaps()).toEqual({ contact: 50, orders: 50, perAccount: 10 });
  });
});
