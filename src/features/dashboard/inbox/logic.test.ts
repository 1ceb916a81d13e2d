import { describe, expect, it } from 'vitest';
import { describeMessageMail, describeRsvp, describeRsvpMail, inboxCountText, isNew } from './logic.ts';

const person = { wedding: 'yes', food: 'Chicken', rehearsal: 'no', dietary: ' No nuts ' } as const;

describe('the inbox in words', () => {
  it('writes a household’s answer as a line per guest, the meal only when attending', () => {
    expect(describeRsvp({ guestOne: 'Ada Lovelace', answer: { one: person } })).toEqual([
      'Ada Lovelace: wedding yes (Chicken), rehearsal dinner no; No nuts',
    ]);
    const two = { name: '', wedding: 'no', food: 'Beef', rehearsal: '', dietary: '' } as const;
    expect(describeRsvp({ guestOne: 'Ada Lovelace', answer: { one: person, two } })[1]).toBe(
      'Guest two: wedding no, rehearsal dinner no answer',
    );
  });

  it('says how each mail went', () => {
    expect(describeMessageMail({ delivery: 'delivered' })).toBe('Mail to you: sent');
    expect(describeMessageMail({ delivery: 'not-sent' })).toMatch(/^Mail to you: not sent/);
    expect(describeRsvpMail('')).toBe('No confirmation mail: no address was given.');
    expect(describeRsvpMail('undelivered')).toBe('Confirmation mail: could not be delivered');
    expect(describeRsvpMail('sending')).toBe('Confirmation mail: being sent');
  });

  it('counts what is new, and nothing when nothing is', () => {
    expect(inboxCountText(0)).toBe('');
    expect(inboxCountText(3)).toBe(' · 3 new');
    const at = '2026-11-28T07:00:00.000Z';
    expect(isNew(at, Date.parse(at) - 1)).toBe(true);
    expect(isNew(at, Date.parse(at))).toBe(false);
  });
});
