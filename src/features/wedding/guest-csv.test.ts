import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEDDING } from '../../content/wedding.ts';
import { GUEST_COLUMNS, MAX_HOUSEHOLDS, csvRows, parseGuestCsv } from './guest-csv.ts';

const MENU = ['Beef', 'Chicken', 'Salmon', 'Vegetarian'];
const HEADER = GUEST_COLUMNS.join(',');
const parse = (...lines: string[]) => parseGuestCsv(lines.join('\n'), MENU);
const errorsOf = (...lines: string[]) => {
  const result = parse(...lines);
  return result.ok ? [] : result.errors;
};

describe('CSV rows', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF, and skips blank lines', () => {
    expect(csvRows('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"two\nlines",\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', ''] },
    ]);
    expect(csvRows('a,b')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
  });

  it('names the line of a quote left open', () => {
    expect(() => csvRows('a\n"open,b\nc')).toThrow('line 2: a quoted cell is not closed.');
  });
});

describe('a guest list file', () => {
  it('reads the spec’s columns in any order and case, only the two it needs, answers in the RSVP page’s words', () => {
    const result = parse(
      'numberOfGuests,G1FULLNAME,g2FullName,g1WeddingAccepted,g1FoodChoice,g2WeddingAccepted',
      '2,Margaret O’Brien,Patrick O’Brien,yes,salmon,no',
      '1,  Ana   María López ,,,,',
    );
    expect(result).toEqual({
      ok: true,
      guests: [
        {
          g1FullName: 'Margaret O’Brien',
          g1WeddingAccepted: 'Accepted',
          g1FoodChoice: 'Salmon',
          g1RehearsalAccepted: '',
          g1DietaryRestrictions: '',
          g2FullName: 'Patrick O’Brien',
          g2WeddingAccepted: 'Declined',
          g2FoodChoice: '',
          g2RehearsalAccepted: '',
          g2DietaryRestrictions: '',
          numberOfGuests: 2,
          // Not given: true, since guest one has a wedding answer.
          hasAlreadyRsvped: true,
        },
        expect.objectContaining({ g1FullName: 'Ana María López', numberOfGuests: 1, hasAlreadyRsvped: false }),
      ],
    });
    expect(parse('g1FullName,numberOfGuests,hasAlreadyRsvped', 'Bo,1,false')).toMatchObject({
      ok: true,
      guests: [{ g1FullName: 'Bo', hasAlreadyRsvped: false }],
    });
  });

  it('names every mistake with its line and takes nothing', () => {
    const errors = errorsOf(
      HEADER,
      ',,,,,,,,,,1,', // line 2: no name
      'Bo,maybe,Lobster,yes,,,,,,,3,perhaps', // line 3
      'Cy,,,,,Dee,,,,,1,', // line 4: guest two on an invitation for one
      'Bo,,,,,,,,,,1,', // line 5: Bo again
      `Ed,,,,${'x'.repeat(201)},,,,,,1,`, // line 6
      'Fay,,,,,,,,,,1', // line 7: a cell short
      'Gil,,,,nuts\u0000,,,,,,1,', // line 8
    );
    expect(errors).toEqual([
      'line 2: g1FullName (guest one’s name) is empty.',
      'line 3: g1WeddingAccepted is "maybe": it must be yes, no, accepted, declined or empty.',
      'line 3: g1FoodChoice is "Lobster", which is not on the menu (Beef, Chicken, Salmon, Vegetarian).',
      'line 3: numberOfGuests is "3": it must be 1 or 2.',
      'line 3: hasAlreadyRsvped is "perhaps": it must be true, false, yes, no or empty.',
      'line 4: guest two is named or answered, but numberOfGuests is 1.',
      'line 5: Bo is already on line 3.',
      'line 6: g1DietaryRestrictions is longer than 200 characters.',
      'line 7: 11 cells, but the header has 12.',
      'line 8: g1DietaryRestrictions must be plain text on one line.',
    ]);
  });

  it('counts lines as the file has them, quoted line breaks included', () => {
    expect(errorsOf('g1FullName,numberOfGuests', '"Ada\nLovelace",1', 'Bo,9')).toEqual([
      'line 4: numberOfGuests is "9": it must be 1 or 2.',
    ]);
  });

  it('refuses a header it does not know, one without the columns it needs, and a file without households', () => {
    expect(errorsOf('g1FullName,guests,g1FullName', 'Bo,1,Bo')).toEqual([
      `line 1: unknown column "guests" (the columns are ${GUEST_COLUMNS.join(', ')}).`,
      'line 1: the column g1FullName is there twice.',
      'line 1: the column numberOfGuests is missing.',
    ]);
    expect(errorsOf('g1FullName,numberOfGuests')).toEqual([
      'The file has no households: one line per household follows the header.',
    ]);
    expect(errorsOf('')).toEqual(['The file is empty: it needs a header line and a line per household.']);
    expect(errorsOf('g1FullName,numberOfGuests', '"Bo,1')).toEqual(['line 2: a quoted cell is not closed.']);
  });

  it(`takes at most ${MAX_HOUSEHOLDS} households`, () => {
    const rows = Array.from({ length: MAX_HOUSEHOLDS + 1 }, (_, i) => `Guest ${i},1`);
    expect(errorsOf('g1FullName,numberOfGuests', ...rows)).toEqual([
      `The file has ${MAX_HOUSEHOLDS + 1} households; at most ${MAX_HOUSEHOLDS} are taken.`,
    ]);
    expect(parse('g1FullName,numberOfGuests', ...rows.slice(1)).ok).toBe(true);
  });
});

describe('the format docs/make-it-yours.md gives', () => {
  it('is a file the import takes', () => {
    const docs = readFileSync(new URL('../../../docs/make-it-yours.md', import.meta.url), 'utf8');
    const example = /```\n(g1FullName,[^`]+)```/.exec(docs)?.[1];
    expect(example).toBeDefined();
    const result = parseGuestCsv(example!, WEDDING.menu);
    expect(result).toMatchObject({
      ok: true,
      guests: [{ numberOfGuests: 2 }, { g1FullName: 'Smith-Jones, James' }, {}],
    });
    expect(result.ok && result.guests[2]).toMatchObject({ g1WeddingAccepted: 'Accepted', hasAlreadyRsvped: true });
  });
});
