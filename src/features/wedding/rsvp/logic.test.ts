import { describe, expect, it } from 'vitest';
import { WEDDING } from '../../../content/wedding.ts';
import { WEDDING_GUESTS, type Guest } from '../../../content/wedding-guests.ts';
import { countGuests } from '../logic.ts';
import {
  MAX_DIETARY_LENGTH,
  MAX_NAME_LENGTH,
  type RsvpAnswer,
  answerFields,
  answerOf,
  answerProblems,
  changedSinceExport,
  cleanAnswer,
  deadlineOf,
  exportSummary,
  formatWhen,
  invitationCalendar,
  invitationTimes,
  householdOf,
  isOpen,
  rsvpConfirmation,
  rsvpLink,
} from './logic.ts';

const menu = WEDDING.menu;
const [meal, otherMeal] = menu as [string, string];
const attending = { wedding: 'yes', food: meal, rehearsal: 'no', dietary: '' } as const;
const declining = { wedding: 'no', food: '', rehearsal: 'no', dietary: '' } as const;
const fields = (answer: RsvpAnswer, email = '') => answerProblems(cleanAnswer(answer), menu, email).map((p) => p.field);

describe('the wedding content', () => {
  it('has a menu, a deadline before the rehearsal and the wedding, and times that parse', () => {
    expect(menu.length).toBeGreaterThan(0);
    for (const time of [WEDDING.rsvpDeadline, WEDDING.rehearsal.start, WEDDING.wedding.start]) {
      expect(Number.isNaN(Date.parse(time)), time).toBe(false);
    }
    expect(deadlineOf(WEDDING)).toBeLessThan(Date.parse(WEDDING.rehearsal.start));
    expect(Date.parse(WEDDING.rehearsal.start)).toBeLessThanOrEqual(Date.parse(WEDDING.wedding.start));
    expect(() => formatWhen(WEDDING.wedding.start, WEDDING.zone)).not.toThrow();
  });

  it('offers every meal the guest list has chosen, so a stored choice shows in the form', () => {
    const chosen = new Set(WEDDING_GUESTS.flatMap((guest) => [guest.g1FoodChoice, guest.g2FoodChoice]).filter(Boolean));
    for (const food of chosen) expect(menu).toContain(food);
  });
});

describe('the deadline', () => {
  const deadline = deadlineOf(WEDDING);
  it('takes answers up to and including the deadline, none after it', () => {
    expect(isOpen(WEDDING, deadline - 60_000)).toBe(true);
    expect(isOpen(WEDDING, deadline)).toBe(true);
    expect(isOpen(WEDDING, deadline + 1)).toBe(false);
  });

  it("gives the page the invitation's times formatted in the wedding's zone", () => {
    expect(
      invitationTimes({ ...WEDDING, rsvpDeadline: '2028-05-01T23:59:59-04:00', zone: 'America/New_York' }),
    ).toEqual({
      wedding: formatWhen(WEDDING.wedding.start, 'America/New_York'),
      rehearsal: formatWhen(WEDDING.rehearsal.start, 'America/New_York'),
      rsvpDeadline: 'Monday, May 1, 2028 at 11:59 PM',
    });
  });

  it('offers the wedding and the rehearsal dinner to a calendar, in the wedding’s zone, each with its own uid', () => {
    const content = {
      ...WEDDING,
      couple: 'Ada Lovelace, and Bo',
      wedding: {
        start: '2028-06-17T16:00:00-04:00',
        end: '2028-06-17T23:30:00-04:00',
        place: 'The Farm',
        address: '1 Road; Hudson',
      },
      zone: 'America/New_York',
    };
    const { wedding, rehearsal } = invitationCalendar(content, 'example.org', Date.UTC(2026, 10, 28));
    const lines = wedding.ics.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'PRODID:-//Portfolio site//Wedding RSVP//EN',
        'UID:wedding@example.org',
        'DTSTAMP:20261128T000000Z',
        'SUMMARY:The wedding of Ada Lovelace\\, and Bo',
        'DTSTART;TZID=America/New_York:20280617T160000',
        'DTEND;TZID=America/New_York:20280617T233000',
        'LOCATION:The Farm\\, 1 Road\\; Hudson',
        'TZNAME:EDT',
      ]),
    );
    expect(new URL(wedding.google).searchParams.get('dates')).toBe('20280617T200000Z/20280618T033000Z');
    expect(new URL(wedding.outlook).searchParams.get('startdt')).toBe('2028-06-17T20:00:00.000Z');
    expect(rehearsal.ics).toContain('UID:rehearsal-dinner@example.org');
    expect(new URL(rehearsal.google).searchParams.get('text')).toBe(
      'Rehearsal dinner: the wedding of Ada Lovelace, and Bo',
    );
  });

  it('reads the offset the content gives, whatever the zone of the machine', () => {
    expect(deadlineOf({ rsvpDeadline: '2028-05-01T23:59:59-04:00' })).toBe(Date.UTC(2028, 4, 2, 3, 59, 59));
    expect(formatWhen('2028-05-01T23:59:59-04:00', 'America/New_York')).toBe('Monday, May 1, 2028 at 11:59 PM');
  });
});

describe('what an answer needs', () => {
  it('accepts a guest who comes with a meal, and one who declines without one', () => {
    expect(fields({ one: attending })).toEqual([]);
    expect(fields({ one: declining })).toEqual([]);
    expect(fields({ one: attending, two: { ...declining, name: '' } })).toEqual([]);
  });

  it('asks each guest for the wedding and the rehearsal, and a meal of the menu when attending', () => {
    expect(fields({ one: { ...attending, wedding: '' } })).toEqual(['one.wedding']);
    expect(fields({ one: { ...attending, food: '' } })).toEqual(['one.food']);
    expect(fields({ one: { ...attending, food: 'Lobster' } })).toEqual(['one.food']);
    expect(fields({ one: { ...attending, rehearsal: '' } })).toEqual(['one.rehearsal']);
    expect(fields({ one: attending, two: { ...attending, wedding: '', rehearsal: '', name: 'Bo' } })).toEqual([
      'two.wedding',
      'two.rehearsal',
    ]);
    const [problem] = answerProblems({ one: { ...attending, food: '' } }, menu);
    expect(problem?.message).toBe('Please choose a meal from the menu for guest one.');
  });

  it("needs guest two's name when guest two comes to the wedding or the rehearsal", () => {
    expect(fields({ one: attending, two: { ...attending, name: '  ' } })).toEqual(['two.name']);
    expect(fields({ one: attending, two: { ...declining, rehearsal: 'yes', name: '' } })).toEqual(['two.name']);
    expect(fields({ one: attending, two: { ...attending, name: 'Bo Diddley' } })).toEqual([]);
  });

  it('keeps typed text to one short plain line', () => {
    expect(fields({ one: { ...attending, dietary: 'x'.repeat(MAX_DIETARY_LENGTH) } })).toEqual([]);
    expect(fields({ one: { ...attending, dietary: 'x'.repeat(MAX_DIETARY_LENGTH + 1) } })).toEqual(['one.dietary']);
    expect(fields({ one: { ...attending, dietary: 'nuts\u0000' } })).toEqual(['one.dietary']);
    expect(fields({ one: { ...attending, dietary: 'evil\u202Etxt' } })).toEqual(['one.dietary']);
    expect(fields({ one: attending, two: { ...attending, name: 'y'.repeat(MAX_NAME_LENGTH + 1) } })).toEqual([
      'two.name',
    ]);
    // Line breaks and runs of spaces are one space: the line stays valid.
    expect(cleanAnswer({ one: { ...attending, dietary: '  no\n\tnuts  ' } }).one.dietary).toBe('no nuts');
    expect(fields({ one: { ...attending, dietary: 'no\nnuts' } })).toEqual([]);
  });

  it('takes an address for the confirmation only when it is valid, and none at all', () => {
    expect(fields({ one: attending }, 'ada@example.com')).toEqual([]);
    expect(fields({ one: attending }, '   ')).toEqual([]);
    expect(fields({ one: attending }, 'not an address')).toEqual(['email']);
  });
});

describe('an answer as the Guest record stores it', () => {
  it('writes Accepted and Declined, a meal only when attending, and guest two when there is one', () => {
    expect(answerFields({ one: { wedding: 'no', food: meal, rehearsal: 'yes', dietary: 'Vegan' } })).toEqual({
      g1WeddingAccepted: 'Declined',
      g1FoodChoice: '',
      g1RehearsalAccepted: 'Accepted',
      g1DietaryRestrictions: 'Vegan',
    });
    expect(answerFields({ one: attending, two: { ...attending, food: otherMeal, name: 'Bo' } })).toMatchObject({
      g1WeddingAccepted: 'Accepted',
      g1FoodChoice: meal,
      g2FullName: 'Bo',
      g2WeddingAccepted: 'Accepted',
      g2FoodChoice: otherMeal,
      g2RehearsalAccepted: 'Declined',
    });
  });

  it('reads back as the same answer, and keeps the console counts as a hand-filled list would', () => {
    const guest: Guest = { ...WEDDING_GUESTS[0]!, numberOfGuests: 2 };
    const answer: RsvpAnswer = { one: attending, two: { ...declining, rehearsal: 'yes', name: 'Bo' } };
    const stored = { ...guest, ...answerFields(answer), hasAlreadyRsvped: true };
    expect(answerOf(stored, menu)).toEqual(answer);
    expect(countGuests([stored])).toMatchObject({ attendingWedding: 1, declinedWedding: 1, attendingRehearsal: 1 });
  });

  it('reads any wording the list used, and a meal in any case, as the form shows them', () => {
    const guest: Guest = {
      ...WEDDING_GUESTS[0]!,
      g1WeddingAccepted: ' YES ',
      g1FoodChoice: meal.toUpperCase(),
      g1RehearsalAccepted: 'declined',
      numberOfGuests: 1,
    };
    expect(answerOf(guest, menu)).toEqual({
      one: { wedding: 'yes', food: meal, rehearsal: 'no', dietary: guest.g1DietaryRestrictions },
    });
    expect(householdOf(guest, { answeredAt: '2027-01-01T00:00:00.000Z' }, menu)).toMatchObject({
      guestOne: "Margaret O'Brien",
      numberOfGuests: 1,
      answered: true,
      answeredAt: '2027-01-01T00:00:00.000Z',
      changedAt: null,
    });
  });
});

describe('changed since the last export', () => {
  const exported = Date.UTC(2027, 0, 10);
  it('marks an answer after the export, not one before it, and every answer before any export', () => {
    expect(changedSinceExport('2027-01-10T00:00:01.000Z', exported)).toBe(true);
    expect(changedSinceExport('2027-01-09T23:59:59.000Z', exported)).toBe(false);
    expect(changedSinceExport(new Date(exported).toISOString(), exported)).toBe(false);
    expect(changedSinceExport('2027-01-09T23:59:59.000Z', null)).toBe(true);
    expect(changedSinceExport(null, null)).toBe(false);
  });

  it('says how many, and since when', () => {
    expect(exportSummary(3, exported, 'UTC')).toBe('3 changed since your last export on Jan 10, 2027, 12:00 AM.');
    expect(exportSummary(1, null)).toBe('1 household answered or changed on the RSVP page; no export yet.');
  });
});

describe('the confirmation mail', () => {
  const answer: RsvpAnswer = {
    one: { wedding: 'yes', food: meal, rehearsal: 'no', dietary: 'secret: no shellfish' },
    two: { wedding: 'no', food: '', rehearsal: 'yes', dietary: 'typed by the guest', name: 'Mallory <script>' },
  };

  it("holds the site's words and the fixed choices, never what the guest typed", () => {
    const { subject, text } = rsvpConfirmation(answer, WEDDING, rsvpLink('https://example.com/', 'T'.repeat(32)));
    expect(subject).toBe(`Your RSVP to the wedding of ${WEDDING.couple}`);
    expect(text).toContain(WEDDING.wedding.place);
    expect(text).toContain(`  Meal: ${meal}`);
    expect(text).toContain('  The wedding: not attending');
    expect(text).toContain('  The rehearsal dinner: attending');
    expect(text).toContain(`https://example.com/rsvp#${'T'.repeat(32)}`);
    for (const typed of ['shellfish', 'typed by the guest', 'Mallory', '<script>']) expect(text).not.toContain(typed);
  });

  it('says where the link is when the site does not know its address', () => {
    expect(rsvpConfirmation({ one: answer.one }, WEDDING).text).toContain('with the link on your invitation.');
  });
});
