import { describe, expect, it } from 'vitest';
import type { Guest } from '../../content/wedding-guests.ts';
import {
  NO_FILTER,
  NOT_CHOSEN,
  attendance,
  countGuests,
  csvCell,
  filterGuests,
  guestsCsv,
  isFiltering,
  mealChoices,
  noMealNames,
  notRepliedLines,
  peopleOf,
  titleCase,
} from './logic.ts';

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
      declinedWedding: 1,
      noWeddingAnswer: 1,
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

describe('declined and the headcount', () => {
  it('counts people, not invitations: both guests of an invitation, an unnamed guest two not at all', () => {
    const counts = countGuests([
      guest({ numberOfGuests: 2, g2FullName: 'Bo', g2WeddingAccepted: 'Yes' }),
      guest({ numberOfGuests: 2, g2FullName: '', g2WeddingAccepted: 'Yes' }),
      guest({ g1WeddingAccepted: 'no', numberOfGuests: 2, g2FullName: 'Cy', g2WeddingAccepted: 'Declined' }),
      guest({ g1WeddingAccepted: 'maybe' }),
      guest({ hasAlreadyRsvped: false, g1WeddingAccepted: '' }),
    ]);
    expect(counts).toMatchObject({ invitations: 5, attendingWedding: 3, declinedWedding: 2, noWeddingAnswer: 2 });
  });
});

describe('the lists by name', () => {
  const list = [
    guest({ g1FullName: 'ada lovelace' }),
    guest({
      g1FullName: 'hannah whitfield',
      hasAlreadyRsvped: false,
      numberOfGuests: 2,
      g2FullName: 'GRACE whitfield',
    }),
    guest({ g1FullName: 'nora lindqvist', hasAlreadyRsvped: false, g1WeddingAccepted: '' }),
    guest({
      g1FullName: 'ethan park',
      g1FoodChoice: ' ',
      numberOfGuests: 2,
      g2FullName: "zoe o'hara",
      g2WeddingAccepted: 'accepted',
      g2FoodChoice: '',
    }),
    guest({ g1FullName: 'declined diner', g1WeddingAccepted: 'declined', g1FoodChoice: '' }),
  ];

  it('lists the invitations that have not replied, one per line, title-cased, a couple on one line', () => {
    expect(notRepliedLines(list)).toEqual(['Hannah Whitfield and Grace Whitfield', 'Nora Lindqvist']);
  });

  it('lists the attending guests without a meal, one person each; not those who declined', () => {
    expect(noMealNames(list)).toEqual(['Ethan Park', "Zoe O'Hara"]);
  });

  it('lists nobody when everyone has replied and chosen', () => {
    expect(notRepliedLines([guest()])).toEqual([]);
    expect(noMealNames([guest()])).toEqual([]);
  });
});

describe('search and filters', () => {
  const obrien = guest({
    g1FullName: "Margaret O'Brien",
    g1WeddingAccepted: 'accepted',
    g1FoodChoice: 'Vegetarian',
    g1RehearsalAccepted: 'accepted',
    numberOfGuests: 2,
    g2FullName: "Patrick O'Brien",
    g2WeddingAccepted: 'Declined',
    g2FoodChoice: '',
    g2RehearsalAccepted: 'Yes',
  });
  const lopez = guest({
    g1FullName: 'Ana María López',
    g1WeddingAccepted: '',
    g1FoodChoice: '',
    g1RehearsalAccepted: '',
    hasAlreadyRsvped: false,
  });
  const park = guest({ g1FullName: 'Ethan Park', g1FoodChoice: 'Beef', g1RehearsalAccepted: 'no' });
  const list = [obrien, lopez, park];
  const shown = (filter: Partial<typeof NO_FILTER>) => filterGuests(list, { ...NO_FILTER, ...filter });

  it('shows everything without a filter', () => {
    expect(shown({})).toEqual(list);
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ ...NO_FILTER, name: '   ' })).toBe(false);
    expect(isFiltering({ ...NO_FILTER, meal: 'Beef' })).toBe(true);
  });

  it('finds a name by any part of either guest, ignoring case, accents and spaces', () => {
    expect(shown({ name: 'lopez' })).toEqual([lopez]);
    expect(shown({ name: '  MARÍA   lóp ' })).toEqual([lopez]);
    expect(shown({ name: 'patrick' })).toEqual([obrien]);
    expect(shown({ name: "o'brien" })).toEqual([obrien]);
    expect(shown({ name: 'nobody' })).toEqual([]);
  });

  it('filters by RSVP, wedding and rehearsal answers and meal', () => {
    expect(shown({ rsvp: 'No' })).toEqual([lopez]);
    expect(shown({ rsvp: 'Yes' })).toEqual([obrien, park]);
    expect(shown({ wedding: 'Declined' })).toEqual([obrien]);
    expect(shown({ wedding: 'N/A' })).toEqual([lopez]);
    expect(shown({ wedding: 'Accepted' })).toEqual([obrien, park]);
    expect(shown({ rehearsal: 'Declined' })).toEqual([park]);
    expect(shown({ meal: 'Beef' })).toEqual([park]);
    expect(shown({ meal: NOT_CHOSEN })).toEqual([obrien, lopez]);
  });

  it('asks every part of one guest at once: a couple where one declined and the other chose no meal does not match', () => {
    // Patrick declined and chose nothing; Margaret accepted and chose Vegetarian.
    expect(shown({ wedding: 'Accepted', meal: NOT_CHOSEN })).toEqual([]);
    expect(shown({ wedding: 'Declined', meal: NOT_CHOSEN })).toEqual([obrien]);
    expect(shown({ name: 'margaret', wedding: 'Declined' })).toEqual([]);
    expect(shown({ rsvp: 'No', name: 'park' })).toEqual([]);
  });

  it('offers every food choice on the list, then Not chosen', () => {
    expect(mealChoices(list)).toEqual(['Beef', 'Vegetarian', NOT_CHOSEN]);
    expect(mealChoices([])).toEqual([NOT_CHOSEN]);
  });

  it('exports what the filters show in the same format: only those invitations, both their guests', () => {
    const csv = guestsCsv(shown({ wedding: 'Declined' }));
    expect(csv).toBe(
      [
        'Guest Name,Attending Wedding,Food Choice,Dietary Restrictions',
        "Margaret O'Brien,Accepted,Vegetarian,",
        "Patrick O'Brien,Declined,,",
        '',
      ].join('\r\n'),
    );
  });
});
