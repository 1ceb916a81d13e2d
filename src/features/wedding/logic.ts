// The wedding guest list's rules (SPEC sections 3 and 9): the guest record, the counts and lists
// an organiser looks for, the search and filters, and the CSV export (title-cased names,
// attendance in words, safe cells) of the whole list or of what the filters show.
// One rule lives in a Redis script (scripts.server.ts): the owner's list loads only
// into an empty store, so loading it twice changes nothing.
import type { Guest } from '../../content/wedding-guests.ts';

export const CSV_FILE_NAME = 'wedding_guests_formatted.csv';
export const CSV_HEADER = ['Guest Name', 'Attending Wedding', 'Food Choice', 'Dietary Restrictions'];
/** The export of what the search and filters show: the same format under its own name. */
export const CSV_SHOWN_FILE_NAME = 'wedding_guests_formatted_filtered.csv';
export const NO_DATA = 'No guest data to export.';
/** The meal group of an attending guest with no food choice, in the counts and the meal filter. */
export const NOT_CHOSEN = 'Not chosen';

/**
 * The key a household is stored under, in the guest list and everything kept per household:
 * guest one's name, trimmed, lower case.
 */
export const guestKey = (guest: Pick<Guest, 'g1FullName'>): string => guest.g1FullName.trim().toLowerCase();

/**
 * Capitalises the first letter and each letter after a space, hyphen or apostrophe: "o'brien
 * smith-jones" → "O'Brien Smith-Jones".
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** An answer in words: N/A when there is none, or none of the known words. */
export type Answer = 'Accepted' | 'Declined' | 'N/A';

/** accepted/yes → Accepted, declined/no → Declined, anything else N/A. */
export function attendance(answer: string | undefined): Answer {
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
  /** The headcount: people attending the wedding (each guest of an invitation counts). */
  attendingWedding: number;
  /** People who declined the wedding. */
  declinedWedding: number;
  /** People with no wedding answer (or one that is neither yes nor no). */
  noWeddingAnswer: number;
  attendingRehearsal: number;
  /** Meals of the guests attending the wedding, by food choice ('Not chosen' when blank). */
  meals: [food: string, count: number][];
  withDietaryRestrictions: number;
}

/** A person's meal group: their food choice, or NOT_CHOSEN when blank. */
const mealOf = (person: Person) => person.food?.trim() || NOT_CHOSEN;

/** The counts an organiser looks for first. */
export function countGuests(guests: Guest[]): GuestCounts {
  const people = guests.flatMap(peopleOf);
  const attending = people.filter((person) => attendance(person.wedding) === 'Accepted');
  const declined = people.filter((person) => attendance(person.wedding) === 'Declined').length;
  const meals = new Map<string, number>();
  for (const person of attending) {
    const food = mealOf(person);
    meals.set(food, (meals.get(food) ?? 0) + 1);
  }
  const received = guests.filter((guest) => guest.hasAlreadyRsvped).length;
  return {
    invitations: guests.length,
    rsvpsReceived: received,
    rsvpsPending: guests.length - received,
    attendingWedding: attending.length,
    declinedWedding: declined,
    noWeddingAnswer: people.length - attending.length - declined,
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

/** Lines a planner pastes into an email: one invitation that has not replied per line, its guests' names joined. */
export function notRepliedLines(guests: Guest[]): string[] {
  return guests
    .filter((guest) => !guest.hasAlreadyRsvped)
    .map((guest) =>
      peopleOf(guest)
        .map((person) => titleCase(person.name))
        .join(' and '),
    );
}

/** Names of the guests attending the wedding who have not chosen a meal, one per person. */
export function noMealNames(guests: Guest[]): string[] {
  return guests
    .flatMap(peopleOf)
    .filter((person) => attendance(person.wedding) === 'Accepted' && mealOf(person) === NOT_CHOSEN)
    .map((person) => titleCase(person.name));
}

/** What the console's search and filters ask for; an empty value lets everything through. */
export interface GuestFilter {
  /** Part of a guest's name: case, accents and extra spaces do not matter. */
  name: string;
  rsvp: '' | 'Yes' | 'No';
  wedding: '' | Answer;
  rehearsal: '' | Answer;
  /** A food choice, or NOT_CHOSEN. */
  meal: string;
}

export const NO_FILTER: GuestFilter = { name: '', rsvp: '', wedding: '', rehearsal: '', meal: '' };

/** Whether the filter narrows the list at all. */
export const isFiltering = (filter: GuestFilter): boolean =>
  Boolean(filter.name.trim() || filter.rsvp || filter.wedding || filter.rehearsal || filter.meal);

/** Folds a name for search: lower case, no accents, single spaces ("  José  Núñez" → "jose nunez"). */
const searchable = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Keeps the invitations the filter asks for, in order: the RSVP matches, and one of its guests
 * matches every other part (name, wedding and rehearsal answers, meal) at once.
 */
export function filterGuests(guests: Guest[], filter: GuestFilter): Guest[] {
  const name = searchable(filter.name);
  const matches = (person: Person) =>
    (!name || searchable(person.name).includes(name)) &&
    (!filter.wedding || attendance(person.wedding) === filter.wedding) &&
    (!filter.rehearsal || attendance(person.rehearsal) === filter.rehearsal) &&
    (!filter.meal || mealOf(person) === filter.meal);
  return guests.filter(
    (guest) =>
      (!filter.rsvp || (guest.hasAlreadyRsvped ? 'Yes' : 'No') === filter.rsvp) && peopleOf(guest).some(matches),
  );
}

/** The meal filter's choices: every food choice on the list, sorted, then NOT_CHOSEN. */
export function mealChoices(guests: Guest[]): string[] {
  const foods = new Set(guests.flatMap(peopleOf).map(mealOf));
  foods.delete(NOT_CHOSEN);
  return [...[...foods].sort((a, b) => a.localeCompare(b)), NOT_CHOSEN];
}
