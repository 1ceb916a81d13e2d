import { describe, expect, it } from 'vitest';
import type { Guest } from '../../content/wedding-guests.ts';
import { attendance, countGuests, csvCell, guestsCsv, peopleOf, titleCase } from './logic.ts';

const guest = (overrides: Partial<Guest> = {}): Guest => ({
  g1FullName: 'ada lovelace',
  g1WeddingAccepted: 'yes',
  g1FoodChoice: 'Beef',
  g1RehearsalAccepted: 'no',
  g1DietaryRestrictions: '',
  g2FullName: '',
  g2WeddingAccepted: '',
  g2FoodChoice: '',
  g2RehearsalAccepted: '',
  g2DietaryRestrictions: '',
  numberOfGuests: 1,
  hasAlreadyRsvped: true,
  ...overrides,
});

describe('title-casing names', () => {
  it.each([
    ["margaret o'brien", "Margaret O'Brien"],
    ['JAMES SMITH-JONES', 'James Smith-Jones'],
    ['  ana  maría lópez ', 'Ana  María López'],
    ["kate d'angelo-ruiz", "Kate D'Angelo-Ruiz"],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(titleCase(name)).toBe(expected);
  });
});

describe('attendance', () => {
  it.each([
    ['accepted', 'Accepted'],
    [' YES ', 'Accepted'],
    ['Declined', 'Declined'],
    ['no', 'Declined'],
    ['maybe', 'N/A'],
    ['', 'N/A'],
    [undefined, 'N/A'],
  ])('%j → %s', (answer, expected) => {
    expect(attendance(answer)).toBe(expected);
  });
});

describe('guest two', () => {
  it('counts only when more than one is invited and guest two has a name', () => {
    expect(peopleOf(guest({ numberOfGuests: 2, g2FullName: 'Charles Babbage' }))).toHaveLength(2);
    expect(peopleOf(guest({ numberOfGuests: 2, g2FullName: '   ' }))).toHaveLength(1);
    expect(peopleOf(guest({ numberOfGuests: 1, g2FullName: 'Charles Babbage' }))).toHaveLength(1);
  });
});

describe('CSV cells', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Smith-Jones')).toBe('Smith-Jones');
  });
});

describe('the export', () => {
  it('writes the header, a row per guest and a second row for a named guest two', () => {
    const csv = guestsCsv([
      guest({
        g1FullName: "margaret o'brien",
        g1WeddingAccepted: 'accepted',
        g1DietaryRestrictions: '=no onions',
        numberOfGuests: 2,
        g2FullName: 'patrick SMITH-JONES',
        g2WeddingAccepted: 'declined',
        g2FoodChoice: 'Fish, grilled',
      }),
      guest({ g1FullName: 'solo guest', g1WeddingAccepted: 'maybe', numberOfGuests: 2 }),
    ]);
    expect(csv).toBe(
      [
        'Guest Name,Attending Wedding,Food Choice,Dietary Restrictions',
        "Margaret O'Brien,Accepted,Beef,'=no onions",
        'Patrick Smith-Jones,Declined,"Fish, grilled",',
        'Solo Guest,N/A,Beef,',
        '',
      ].join('\r\n'),
    );
  });
});

describe('the counts', () => {
  it('counts invitations, RSVPs, attendance, meals and dietary needs per person', () => {
    const counts = countGuests([
      guest({
        numberOfGuests: 2,
        g2FullName: 'B',
        g2WeddingAccepted: 'Accepted',
        g2FoodChoice: 'Fish',
        g2RehearsalAccepted: 'yes',
        g2DietaryRestrictions: 'Vegan',
      }),
      guest({ g1WeddingAccepted: 'declined', g1FoodChoice: '', g1DietaryRestrictions: 'none' }),
      guest({ hasAlreadyRsvped: false, g1WeddingAccepted: '', g1FoodChoice: '' }),
      guest({ g1FoodChoice: '', g1DietaryRestrictions: 'Nut allergy' }),
    ]);
    expect(counts).toEqual({
      invitations: 4,
      rsvpsReceived: 3,
      rsvpsPending: 1,
      attendingWedding: 3,
      attendingRehearsal: 1,
      meals: [
        ['Beef', 1],
        ['Fish', 1],
        ['Not chosen', 1],
      ],
      withDietaryRestrictions: 2,
    });
  });
});
