// The wedding guest list's rules (SPEC sections 3 and 9): the guest record, the counts an
// organiser looks for, and the CSV export (title-cased names, attendance in words, safe cells).
// One rule lives in a Redis script (src/server/scripts/wedding.ts): the owner's list loads only
// into an empty store, so loading it twice changes nothing.
import type { Guest } from '../../content/wedding-guests.ts';

export const CSV_FILE_NAME = 'wedding_guests_formatted.csv';
export const CSV_HEADER = ['Guest Name', 'Attending Wedding', 'Food Choice', 'Dietary Restrictions'];
export const NO_DATA = 'No guest data to export.';

/** Capitalises the first letter and each letter after a space, hyphen or apostrophe: "o'brien smith-jones" → "O'Brien Smith-Jones". */
export function titleCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** accepted/yes → Accepted, declined/no → Declined, anything else N/A. */
export function attendance(answer: string | undefined): 'Accepted' | 'Declined' | 'N/A' {
  const word = (answer ?? '').trim().toLowerCase();
  if (word === 'accepted' || word === 'yes') return 'Accepted';
  if (word === 'declined' || word === 'no') return 'Declined';
  return 'N/A';
}

/** One person of an invitation, as the table and the export see them. */
export interface Person {
  name: string;
  wedding: string;
  food: string;
  rehearsal: string;
  dietary: string;
}

/** Guest one, and guest two when the invitation is for more than one and guest two has a name. */
export function peopleOf(guest: Guest): Person[] {
  const one = {
    name: guest.g1FullName,
    wedding: guest.g1WeddingAccepted,
    food: guest.g1FoodChoice,
    rehearsal: guest.g1RehearsalAccepted,
    dietary: guest.g1DietaryRestrictions,
  };
  if (!(guest.numberOfGuests > 1 && guest.g2FullName?.trim())) return [one];
  const two = {
    name: guest.g2FullName,
    wedding: guest.g2WeddingAccepted,
    food: guest.g2FoodChoice,
    rehearsal: guest.g2RehearsalAccepted,
    dietary: guest.g2DietaryRestrictions,
  };
  return [one, two];
}

/** Whether a dietary note says anything beyond "none". */
const hasRestriction = (note: string | undefined) => !/^(|none|n\/?a|no)$/i.test((note ?? '').trim());

export interface GuestCounts {
  invitations: number;
  rsvpsReceived: number;
  rsvpsPending: number;
  attendingWedding: number;
  attendingRehearsal: number;
  /** Meals of the guests attending the wedding, by food choice ('Not chosen' when blank). */
  meals: [food: string, count: number][];
  withDietaryRestrictions: number;
}

/** The counts an organiser looks for first. */
export function countGuests(guests: Guest[]): GuestCounts {
  const people = guests.flatMap(peopleOf);
  const attending = people.filter((person) => attendance(person.wedding) === 'Accepted');
  const meals = new Map<string, number>();
  for (const person of attending) {
    const food = person.food.trim() || 'Not chosen';
    meals.set(food, (meals.get(food) ?? 0) + 1);
  }
  const received = guests.filter((guest) => guest.hasAlreadyRsvped).length;
  return {
    invitations: guests.length,
    rsvpsReceived: received,
    rsvpsPending: guests.length - received,
    attendingWedding: attending.length,
    attendingRehearsal: people.filter((person) => attendance(person.rehearsal) === 'Accepted').length,
    meals: [...meals].sort(([a], [b]) => a.localeCompare(b)),
    withDietaryRestrictions: people.filter((person) => hasRestriction(person.dietary)).length,
  };
}

/**
 * One CSV cell: a cell a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe; a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The export: a header, then a row per person (SPEC section 9), CRLF line ends (RFC 4180). */
export function guestsCsv(guests: Guest[]): string {
  const rows = guests
    .flatMap(peopleOf)
    .map((person) => [titleCase(person.name), attendance(person.wedding), person.food.trim(), person.dietary.trim()]);
  return [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
