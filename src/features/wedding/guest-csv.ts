// The guest list as a CSV file (`npm run admin -- import-guests <file.csv>`): a header of the
// spec's Guest record fields (SPEC section 3), then one household per row. Every row is checked and
// every mistake named with its line; one mistake refuses the whole file. Pure: the CLI reads the
// file and stores what this answers (docs/make-it-yours.md describes the format).
import type { Guest } from '../../content/wedding-guests.ts';
import { attendance, guestKey } from './logic.ts';
import { MAX_DIETARY_LENGTH, MAX_NAME_LENGTH, cleanLine, hasControlCharacters } from './rsvp/logic.ts';

/** The columns a file may have, as the spec names the Guest record's fields. */
export const GUEST_COLUMNS = [
  'g1FullName',
  'g1WeddingAccepted',
  'g1FoodChoice',
  'g1RehearsalAccepted',
  'g1DietaryRestrictions',
  'g2FullName',
  'g2WeddingAccepted',
  'g2FoodChoice',
  'g2RehearsalAccepted',
  'g2DietaryRestrictions',
  'numberOfGuests',
  'hasAlreadyRsvped',
] as const satisfies readonly (keyof Guest)[];

type Column = (typeof GUEST_COLUMNS)[number];

/** The columns every file must have; the others may be left out (then empty). */
export const REQUIRED_COLUMNS: readonly Column[] = ['g1FullName', 'numberOfGuests'];

/** The most households a file may hold: far beyond any wedding, and it bounds one store call. */
export const MAX_HOUSEHOLDS = 1000;

export type GuestCsvResult = { ok: true; guests: Guest[] } | { ok: false; errors: string[] };

/** A row of cells and the line it starts on (1 is the header). */
interface Row {
  line: number;
  cells: string[];
}

/**
 * Splits CSV text (RFC 4180: comma-separated, a quoted cell may hold commas, doubled quotes and
 * line breaks; CRLF or LF) into rows with the line each starts on. A byte-order mark is skipped
 * and blank lines are left out. Throws with the line of a quote left open.
 */
export function csvRows(text: string): Row[] {
  const source = text.replace(/^\uFEFF/, '');
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let cellStarted = false;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '' && !cellStarted)) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
    cellStarted = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
      cellStarted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new Error(`line ${rowLine}: a quoted cell is not closed.`);
  if (cell !== '' || cells.length > 0 || cellStarted) endRow();
  return rows;
}

const ANSWER_WORDS = 'yes, no, accepted, declined or empty';
const BOOLEAN: Record<string, boolean> = { true: true, yes: true, false: false, no: false };

/**
 * Reads a guest list file: the header names columns of GUEST_COLUMNS (any order, any case; g1FullName
 * and numberOfGuests required), each row a household. A row is refused when guest one has no name,
 * numberOfGuests is not 1 or 2, a name or note is too long or not one plain line, an answer is not
 * yes/no/accepted/declined, a meal is not on `menu`, guest two is named or answered on an
 * invitation for one, or the household is on an earlier line. Answers are stored as the RSVP
 * page stores them (Accepted, Declined, the menu's spelling); hasAlreadyRsvped, when empty, is
 * true when guest one has a wedding answer. Answers every household, or every mistake by line.
 */
export function parseGuestCsv(text: string, menu: readonly string[]): GuestCsvResult {
  let rows: Row[];
  try {
    rows = csvRows(text);
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const [header, ...body] = rows;
  if (!header) return { ok: false, errors: ['The file is empty: it needs a header line and a line per household.'] };

  const errors: string[] = [];
  const columns: Column[] = [];
  for (const name of header.cells) {
    const column = GUEST_COLUMNS.find((known) => known.toLowerCase() === name.trim().toLowerCase());
    if (!column) {
      errors.push(
        `line ${header.line}: unknown column "${name.trim()}" (the columns are ${GUEST_COLUMNS.join(', ')}).`,
      );
    } else if (columns.includes(column)) {
      errors.push(`line ${header.line}: the column ${column} is there twice.`);
    } else columns.push(column);
  }
  for (const column of REQUIRED_COLUMNS) {
    if (!columns.includes(column)) errors.push(`line ${header.line}: the column ${column} is missing.`);
  }
  if (errors.length) return { ok: false, errors };
  if (body.length === 0)
    return { ok: false, errors: ['The file has no households: one line per household follows the header.'] };
  if (body.length > MAX_HOUSEHOLDS) {
    return { ok: false, errors: [`The file has ${body.length} households; at most ${MAX_HOUSEHOLDS} are taken.`] };
  }

  const guests: Guest[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of body) {
    const problem = (message: string) => errors.push(`line ${line}: ${message}`);
    if (cells.length !== header.cells.length) {
      problem(`${cells.length} cells, but the header has ${header.cells.length}.`);
      continue;
    }
    const raw = Object.fromEntries(columns.map((column, index) => [column, cells[index]!])) as Partial<
      Record<Column, string>
    >;
    const cell = (column: Column) => cleanLine(raw[column] ?? '');
    const before = errors.length;

    const text = (column: Column, max: number) => {
      const value = cell(column);
      if (value.length > max) problem(`${column} is longer than ${max} characters.`);
      else if (hasControlCharacters(value)) problem(`${column} must be plain text on one line.`);
      return value;
    };
    const answer = (column: Column) => {
      const value = cell(column);
      if (value === '') return '';
      const word = attendance(value);
      if (word === 'N/A') problem(`${column} is "${value}": it must be ${ANSWER_WORDS}.`);
      return word === 'N/A' ? '' : word;
    };
    const meal = (column: Column) => {
      const value = cell(column);
      if (value === '') return '';
      const choice = menu.find((item) => item.toLowerCase() === value.toLowerCase());
      if (!choice) problem(`${column} is "${value}", which is not on the menu (${menu.join(', ')}).`);
      return choice ?? '';
    };

    const g1FullName = text('g1FullName', MAX_NAME_LENGTH);
    if (g1FullName === '') problem('g1FullName (guest one’s name) is empty.');
    const guest: Guest = {
      g1FullName,
      g1WeddingAccepted: answer('g1WeddingAccepted'),
      g1FoodChoice: meal('g1FoodChoice'),
      g1RehearsalAccepted: answer('g1RehearsalAccepted'),
      g1DietaryRestrictions: text('g1DietaryRestrictions', MAX_DIETARY_LENGTH),
      g2FullName: text('g2FullName', MAX_NAME_LENGTH),
      g2WeddingAccepted: answer('g2WeddingAccepted'),
      g2FoodChoice: meal('g2FoodChoice'),
      g2RehearsalAccepted: answer('g2RehearsalAccepted'),
      g2DietaryRestrictions: text('g2DietaryRestrictions', MAX_DIETARY_LENGTH),
      numberOfGuests: 1,
      hasAlreadyRsvped: false,
    };
    const count = cell('numberOfGuests');
    const numberOfGuests = count === '1' ? 1 : count === '2' ? 2 : 0;
    if (!numberOfGuests) problem(`numberOfGuests is "${count}": it must be 1 or 2.`);
    guest.numberOfGuests = numberOfGuests || 1;
    const guestTwo = [
      guest.g2FullName,
      guest.g2WeddingAccepted,
      guest.g2FoodChoice,
      guest.g2RehearsalAccepted,
      guest.g2DietaryRestrictions,
    ];
    if (numberOfGuests === 1 && guestTwo.some(Boolean)) {
      problem('guest two is named or answered, but numberOfGuests is 1.');
    }
    const replied = cell('hasAlreadyRsvped').toLowerCase();
    if (replied !== '' && !(replied in BOOLEAN)) {
      problem(`hasAlreadyRsvped is "${cell('hasAlreadyRsvped')}": it must be true, false, yes, no or empty.`);
    }
    guest.hasAlreadyRsvped = replied === '' ? guest.g1WeddingAccepted !== '' : BOOLEAN[replied] === true;

    if (g1FullName) {
      const key = guestKey({ g1FullName });
      const earlier = seen.get(key);
      if (earlier !== undefined) problem(`${g1FullName} is already on line ${earlier}.`);
      else seen.set(key, line);
    }
    if (errors.length === before) guests.push(guest);
  }
  return errors.length ? { ok: false, errors } : { ok: true, guests };
}
