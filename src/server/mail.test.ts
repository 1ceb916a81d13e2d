import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../../tests/setup/isolated-env.ts';
import { mailCaps } from './mail.ts';

describe('mailCaps', () => {
  isolateEnv([
    'MAIL_DAILY_CAP',
    'MAIL_DAILY_CONTACT_CAP',
    'MAIL_DAILY_ORDER_CAP',
    'MAIL_DAILY_POLL_CAP',
    'MAIL_DAILY_RSVP_CAP',
    'MAIL_DAILY_ADDRESS_CAP',
    'MAIL_DAILY_PER_ACCOUNT',
  ]);

  it('shares Resend’s free 100 a day: contact mail 40, orders and polls 20 each, address mail and RSVPs 10 each; an account 10', () => {
    expect(mailCaps()).toEqual({ contact: 40, orders: 20, polls: 20, addresses: 10, rsvp: 10, perAccount: 10 });
  });

  it('splits MAIL_DAILY_CAP between the budgets not set, adding up to it', () => {
    process.env.MAIL_DAILY_CAP = '7';
    expect(mailCaps()).toMatchObject({ contact: 3, orders: 1, polls: 1, rsvp: 2 });
    process.env.MAIL_DAILY_ORDER_CAP = '20';
    expect(mailCaps()).toMatchObject({ contact: 3, orders: 20, polls: 1, rsvp: 2 });
    process.env.MAIL_DAILY_CONTACT_CAP = '0';
    process.env.MAIL_DAILY_RSVP_CAP = '5';
    expect(mailCaps()).toMatchObject({ contact: 0, orders: 20, polls: 1, rsvp: 5 });
    process.env.MAIL_DAILY_CAP = '0';
    expect(mailCaps()).toMatchObject({ polls: 0 });
  });

  it('takes whole numbers of 0 or more, else the default', () => {
    process.env.MAIL_DAILY_CONTACT_CAP = '-1';
    process.env.MAIL_DAILY_ORDER_CAP = '2.5';
    process.env.MAIL_DAILY_POLL_CAP = 'x';
    process.env.MAIL_DAILY_PER_ACCOUNT = 'many';
    expect(mailCaps()).toEqual({ contact: 40, orders: 20, polls: 20, addresses: 10, rsvp: 10, perAccount: 10 });
  });
});
