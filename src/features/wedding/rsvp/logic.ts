// The RSVP's pure rules, the same in the page and the function: what a household answers, what is
// missing or wrong in an answer, how it is stored as the spec's Guest record fields, the deadline,
// what the console marks as changed since the last export, and the confirmation mail (the site's
// words and the fixed choices only). The rules that need the store's atomicity (guest two, the
// limits and mail caps, what counts as a change) are written where they run: scripts.server.ts.
import type { Guest } from '../../../content/wedding-guests.ts';
import type { WeddingContent, WeddingEvent } from '../../../content/wedding.ts';
import { type CalendarEvent, googleCalendarLink, icsFile, outlookLink } from '../../../lib/calendar.ts';
import { isValidEmail } from '../../../lib/email.ts';
import { utcToZoned } from '../../../lib/time-zones.ts';
import { attendance, titleCase } from '../logic.ts';

/** The RSVP page; a household's link adds its token after a '#' (links.server.ts says why). */
export const RSVP_PATH = '/rsvp';

/** The address of a household's RSVP page on the site at `origin`. */
export const rsvpLink = (origin: string, token: string): string => `${origin.replace(/\/$/, '')}${RSVP_PATH}#${token}`;

/** The longest name of guest two (a person's full name). */
export const MAX_NAME_LENGTH = 100;
/** The longest dietary note: a short line ("No shellfish, nut allergy"), not a letter. */
export const MAX_DIETARY_LENGTH = 200;
/** Confirmation mails one household gets a day, whatever addresses it types. */
export const CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY = 3;

export const RSVP_TEXT = {
  invalidLink: 'This link is not valid.',
  closed: 'The RSVP deadline has passed, so the answers can no longer be changed here.',
  invalidEmail: 'Please enter a valid email address, or leave it empty.',
  needsGuestTwo: 'This invitation is for two: please answer for guest two as well.',
  noGuestTwo: 'This invitation is for one guest.',
} as const;

export type YesNo = 'yes' | 'no';

/** One guest's answers as the form holds them; '' is not answered yet. */
export interface PersonAnswer {
  wedding: YesNo | '';
  /** A choice of the menu when attending the wedding; '' otherwise. */
  food: string;
  rehearsal: YesNo | '';
  dietary: string;
}

export interface GuestTwoAnswer extends PersonAnswer {
  name: string;
}

/** A household's answer: guest one, and guest two when the invitation is for more than one. */
export interface RsvpAnswer {
  one: PersonAnswer;
  two?: GuestTwoAnswer | undefined;
}

/** Which part of the form a problem is about, for the message beside it. */
export type AnswerField = `${'one' | 'two'}.${'wedding' | 'food' | 'rehearsal' | 'dietary'}` | 'two.name' | 'email';

export interface AnswerProblem {
  field: AnswerField;
  message: string;
}

/** Tabs, line breaks and the controls that reorder text: a short plain line has none of them. */
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** A typed line as it is kept: composed, runs of spaces (line breaks too) as one space, trimmed. */
export function cleanLine(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Whether a (cleaned) line holds control characters. */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/** The answer with every typed line cleaned (cleanLine) and the address trimmed. */
export function cleanAnswer(answer: RsvpAnswer): RsvpAnswer {
  const person = <T extends PersonAnswer>(guest: T): T => ({ ...guest, dietary: cleanLine(guest.dietary) });
  return {
    one: person(answer.one),
    two: answer.two ? person({ ...answer.two, name: cleanLine(answer.two.name) }) : undefined,
  };
}

const WHO = { one: 'guest one', two: 'guest two' } as const;

function personProblems(which: 'one' | 'two', guest: PersonAnswer, menu: readonly string[]): AnswerProblem[] {
  const who = WHO[which];
  const problems: AnswerProblem[] = [];
  if (guest.wedding !== 'yes' && guest.wedding !== 'no') {
    problems.push({ field: `${which}.wedding`, message: `Please say whether ${who} will attend the wedding.` });
  }
  if (guest.wedding === 'yes' && !menu.includes(guest.food)) {
    problems.push({ field: `${which}.food`, message: `Please choose a meal from the menu for ${who}.` });
  }
  if (guest.rehearsal !== 'yes' && guest.rehearsal !== 'no') {
    problems.push({
      field: `${which}.rehearsal`,
      message: `Please say whether ${who} will attend the rehearsal dinner.`,
    });
  }
  if (guest.dietary.length > MAX_DIETARY_LENGTH) {
    problems.push({
      field: `${which}.dietary`,
      message: `Dietary restrictions must be at most ${MAX_DIETARY_LENGTH} characters.`,
    });
  } else if (hasControlCharacters(guest.dietary)) {
    problems.push({ field: `${which}.dietary`, message: 'Dietary restrictions must be plain text on one line.' });
  }
  return problems;
}

/**
 * What is missing or wrong in a (cleaned) answer, in the form's order: each guest says yes or no
 * to the wedding and to the rehearsal dinner, chooses a meal of the menu when attending the
 * wedding, and keeps dietary restrictions to a short line; guest two has a name when coming to
 * either; an address, when given, is valid. Empty when the answer can be saved.
 */
export function answerProblems(answer: RsvpAnswer, menu: readonly string[], email = ''): AnswerProblem[] {
  const problems = personProblems('one', answer.one, menu);
  const two = answer.two;
  if (two) {
    const name = two.name;
    if (name.length > MAX_NAME_LENGTH) {
      problems.push({ field: 'two.name', message: `Guest two's name must be at most ${MAX_NAME_LENGTH} characters.` });
    } else if (hasControlCharacters(name)) {
      problems.push({ field: 'two.name', message: "Guest two's name must be plain text on one line." });
    } else if (name === '' && (two.wedding === 'yes' || two.rehearsal === 'yes')) {
      problems.push({ field: 'two.name', message: "Please give guest two's name." });
    }
    problems.push(...personProblems('two', two, menu));
  }
  if (email.trim() !== '' && !isValidEmail(email.trim())) {
    problems.push({ field: 'email', message: RSVP_TEXT.invalidEmail });
  }
  return problems;
}

/** The Guest record's word for an answer: what the console, its counts and the CSV read. */
const WORD: Record<YesNo, 'Accepted' | 'Declined'> = { yes: 'Accepted', no: 'Declined' };

/** The Guest record fields an answer sets, as the RSVP form of the spec stores them. */
export type AnswerFields = Partial<
  Pick<
    Guest,
    | 'g1WeddingAccepted'
    | 'g1FoodChoice'
    | 'g1RehearsalAccepted'
    | 'g1DietaryRestrictions'
    | 'g2FullName'
    | 'g2WeddingAccepted'
    | 'g2FoodChoice'
    | 'g2RehearsalAccepted'
    | 'g2DietaryRestrictions'
  >
>;

/**
 * The Guest record fields a valid answer sets: Accepted or Declined, the meal only when attending
 * the wedding, the dietary note as typed (cleaned); guest two's name and answers when there is a
 * guest two. Guest one's name is the invitation's and never changes.
 */
export function answerFields(answer: RsvpAnswer): AnswerFields {
  const { one, two } = answer;
  const word = (value: YesNo | '') => (value ? WORD[value] : '');
  const fields: AnswerFields = {
    g1WeddingAccepted: word(one.wedding),
    g1FoodChoice: one.wedding === 'yes' ? one.food : '',
    g1RehearsalAccepted: word(one.rehearsal),
    g1DietaryRestrictions: one.dietary,
  };
  if (!two) return fields;
  return {
    ...fields,
    g2FullName: two.name,
    g2WeddingAccepted: word(two.wedding),
    g2FoodChoice: two.wedding === 'yes' ? two.food : '',
    g2RehearsalAccepted: word(two.rehearsal),
    g2DietaryRestrictions: two.dietary,
  };
}

/** A stored answer as the form's yes, no or nothing (any wording the list used: SPEC section 9). */
export function yesNoOf(stored: string | undefined): YesNo | '' {
  const answer = attendance(stored);
  return answer === 'Accepted' ? 'yes' : answer === 'Declined' ? 'no' : '';
}

/** What the household has answered so far, as the form shows it (a meal only when it is on the menu). */
export function answerOf(guest: Guest, menu: readonly string[]): RsvpAnswer {
  const person = (wedding: string, food: string, rehearsal: string, dietary: string): PersonAnswer => {
    const meal = menu.find((choice) => choice.toLowerCase() === (food ?? '').trim().toLowerCase()) ?? '';
    return { wedding: yesNoOf(wedding), food: meal, rehearsal: yesNoOf(rehearsal), dietary: dietary ?? '' };
  };
  const one = person(
    guest.g1WeddingAccepted,
    guest.g1FoodChoice,
    guest.g1RehearsalAccepted,
    guest.g1DietaryRestrictions,
  );
  if (!(guest.numberOfGuests > 1)) return { one };
  const two = person(
    guest.g2WeddingAccepted,
    guest.g2FoodChoice,
    guest.g2RehearsalAccepted,
    guest.g2DietaryRestrictions,
  );
  return { one, two: { ...two, name: guest.g2FullName ?? '' } };
}

/** When an RSVP page answer came, for the household and the console (ISO 8601 times). */
export interface RsvpReply {
  /** The first answer given on the RSVP page. */
  answeredAt?: string;
  /** The last answer that changed something (the first answer of a household that had none counts). */
  changedAt?: string;
  /** The last answer sent, changed or not: the confirmation mail belongs to it. */
  submittedAt?: string;
  /** How the last answer's confirmation went ('' when no address was given): see src/server/mail.ts Delivery. */
  delivery?: string;
  deliveryNote?: string;
}

/** The household as its RSVP page shows it. */
export interface Household {
  /** Guest one's name, title-cased: the invitation's. */
  guestOne: string;
  numberOfGuests: number;
  /** Whether the household has answered (SPEC hasAlreadyRsvped), here or before. */
  answered: boolean;
  answeredAt: string | null;
  changedAt: string | null;
  answer: RsvpAnswer;
}

/** The household's view of its stored record and its RSVP page answers. */
export function householdOf(guest: Guest, reply: RsvpReply, menu: readonly string[]): Household {
  return {
    guestOne: titleCase(guest.g1FullName),
    numberOfGuests: guest.numberOfGuests > 1 ? 2 : 1,
    answered: guest.hasAlreadyRsvped === true,
    answeredAt: reply.answeredAt ?? null,
    changedAt: reply.changedAt ?? null,
    answer: answerOf(guest, menu),
  };
}

/** The deadline as a time (ms since the epoch). */
export const deadlineOf = (content: Pick<WeddingContent, 'rsvpDeadline'>): number => Date.parse(content.rsvpDeadline);

/** Whether answers are still taken at `now`: up to and including the deadline. */
export const isOpen = (content: Pick<WeddingContent, 'rsvpDeadline'>, now = Date.now()): boolean =>
  now <= deadlineOf(content);

/**
 * Whether the console marks a row: answered or changed on the RSVP page after the last export,
 * or at all when nothing has been exported yet.
 */
export function changedSinceExport(changedAt: string | null | undefined, lastExportAt: number | null): boolean {
  if (!changedAt) return false;
  return lastExportAt === null || Date.parse(changedAt) > lastExportAt;
}

/** A day as the invitation says it, in the wedding's zone: 'Saturday, June 17, 2028'. */
export function formatDay(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'full' }).format(new Date(iso));
}

/** A day and time as the invitation says it, in the wedding's zone: 'Saturday, June 17, 2028 at 4:00 PM'. */
export function formatWhen(iso: string, zone: string): string {
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(date);
  return `${formatDay(iso, zone)} at ${time}`;
}

/** The invitation's times as the RSVP page shows them, in the wedding's zone (formatWhen). */
export interface InvitationTimes {
  wedding: string;
  rehearsal: string;
  rsvpDeadline: string;
}

/**
 * The invitation's times, formatted by the server for the RSVP page: a page's first Intl formatter
 * costs its main thread the platform's locale data (about 15 ms of CPU in a phone-sized trace, in
 * the render that shows the invitation).
 */
export function invitationTimes({ wedding, rehearsal, rsvpDeadline, zone }: WeddingContent): InvitationTimes {
  return {
    wedding: formatWhen(wedding.start, zone),
    rehearsal: formatWhen(rehearsal.start, zone),
    rsvpDeadline: formatWhen(rsvpDeadline, zone),
  };
}

/** An event of the invitation as a calendar takes it: an .ics file's text, and the Google and Outlook links. */
export interface CalendarEntry {
  ics: string;
  google: string;
  outlook: string;
}

/** The wedding and the rehearsal dinner as calendar entries, for the RSVP page to offer. */
export interface InvitationCalendar {
  wedding: CalendarEntry;
  rehearsal: CalendarEntry;
}

/**
 * The invitation's calendar entries, made by the server with its times: in the wedding's zone,
 * each with a uid of `host`'s, so importing one again updates it.
 */
export function invitationCalendar(content: WeddingContent, host: string, now: number): InvitationCalendar {
  const entry = (name: string, title: string, { start, end, place, address }: WeddingEvent): CalendarEntry => {
    const from = Date.parse(start);
    const event: CalendarEvent = {
      product: 'Wedding RSVP',
      uid: `${name}@${host}`,
      title,
      location: `${place}, ${address}`,
      ...utcToZoned(from, content.zone),
      start: from,
      durationMinutes: Math.round((Date.parse(end) - from) / 60_000),
      zone: content.zone,
      now,
    };
    return { ics: icsFile(event), google: googleCalendarLink(event), outlook: outlookLink(event) };
  };
  return {
    wedding: entry('wedding', `The wedding of ${content.couple}`, content.wedding),
    rehearsal: entry('rehearsal-dinner', `Rehearsal dinner: the wedding of ${content.couple}`, content.rehearsal),
  };
}

/** A moment as the console shows it, in the reader's zone unless one is given: 'Nov 26, 2026, 10:42 AM'. */
export function formatStamp(time: string | number, zone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    new Date(time),
  );
}

/** The console's line about exports: how many rows are marked, since when. */
export function exportSummary(changed: number, lastExportAt: number | null, zone?: string): string {
  const rows = `${changed} ${changed === 1 ? 'household' : 'households'}`;
  if (lastExportAt === null) return `${rows} answered or changed on the RSVP page; no export yet.`;
  return `${changed} changed since your last export on ${formatStamp(lastExportAt, zone)}.`;
}

const MAIL_WORD: Record<YesNo, string> = { yes: 'attending', no: 'not attending' };

/**
 * The confirmation of a saved answer, plain text: the site's words (the invitation's couple, day,
 * place and deadline) and the fixed choices (attending or not, the menu's meal), never what the
 * guest typed (no names, no dietary notes). `link` is the household's RSVP link, when the site
 * knows its own address.
 */
export function rsvpConfirmation(
  answer: RsvpAnswer,
  content: WeddingContent,
  link?: string,
): { subject: string; text: string } {
  const lines = (label: string, guest: PersonAnswer) => [
    `${label}:`,
    `  The wedding: ${guest.wedding ? MAIL_WORD[guest.wedding] : 'no answer'}`,
    ...(guest.wedding === 'yes' ? [`  Meal: ${guest.food}`] : []),
    `  The rehearsal dinner: ${guest.rehearsal ? MAIL_WORD[guest.rehearsal] : 'no answer'}`,
  ];
  const deadline = formatWhen(content.rsvpDeadline, content.zone);
  return {
    subject: `Your RSVP to the wedding of ${content.couple}`,
    text: [
      'Hello,',
      '',
      `Thank you for your RSVP to the wedding of ${content.couple}, ${formatWhen(content.wedding.start, content.zone)}, at ${content.wedding.place}. These are the answers we have:`,
      '',
      ...lines('Guest one', answer.one),
      ...(answer.two ? ['', ...lines('Guest two', answer.two)] : []),
      '',
      'Any dietary restrictions you gave are kept with your answers.',
      '',
      link
        ? `You can change your answers until ${deadline} at ${link}`
        : `You can change your answers until ${deadline} with the link on your invitation.`,
      '',
      '-- ',
      `The RSVP of the wedding of ${content.couple}. You get this mail because this address was given with the RSVP.`,
    ].join('\n'),
  };
}
