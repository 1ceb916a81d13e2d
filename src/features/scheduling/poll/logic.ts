// The poll model's rules (its types are in schema.ts): what a new poll keeps and the options it
// offers, the voter rules (who votes under which name, how voters show), and how answers rank.
// Pure, so the pages and the server check alike.
import { isTimeZone, utcToZoned, zonedToUtc, zoneName } from '../../../lib/time-zones.ts';
import type { Answer, CreatedPoll, NewPoll, OptionTally, PollOption, Voter } from './schema.ts';
import { ANONYMOUS_PREFIX } from '../../../lib/user-details.ts';
import { hasControlCharacter } from '../../../lib/names.ts';

/** At most this many options (dates or slots) in one poll: a grid people can still read. */
export const MAX_POLL_OPTIONS = 60;
export const MAX_TITLE_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_LOCATION_LENGTH = 200;
/** A slot lasts from a quarter of an hour to a day's evening and night. */
export const SLOT_MINUTES = { min: 15, max: 12 * 60 };

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether 'YYYY-MM-DD' is a day the calendar has (no 31 February). */
function isCalendarDate(date: string): boolean {
  return DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
}

/**
 * What is wrong with a new poll, the first thing a person would fix; undefined when nothing is. An
 * edited poll's `kept` options may have passed: only its new dates and times must be ahead.
 */
export function newPollProblem(poll: NewPoll, now: number, kept: readonly PollOption[] = []): string | undefined {
  if (!poll.title.trim()) return 'Please give the poll a title.';
  if (poll.title.trim().length > MAX_TITLE_LENGTH) return `The title must be at most ${MAX_TITLE_LENGTH} characters.`;
  if (hasControlCharacter(poll.title)) return 'The title must be plain text on one line.';
  if (poll.description.length > MAX_DESCRIPTION_LENGTH) {
    return `The description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`;
  }
  // A description keeps its line breaks; a calendar entry carries them escaped (time/logic.ts escapeText).
  if (hasControlCharacter(poll.description.replace(/\n/g, ''))) return 'The description must be plain text.';
  if (poll.location.length > MAX_LOCATION_LENGTH)
    return `The location must be at most ${MAX_LOCATION_LENGTH} characters.`;
  if (hasControlCharacter(poll.location)) return 'The location must be plain text on one line.';
  if (!isTimeZone(poll.zone)) return 'Please pick a time zone from the list.';
  if (poll.days.length === 0) return 'Please pick at least one date.';
  const today = utcToZoned(now, poll.zone).date;
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  const dates = new Set<string>();
  for (const { date, slots } of poll.days) {
    if (!isCalendarDate(date)) return `${date} is not a date.`;
    const keptDay = kept.some((option) => option.date === date);
    if (date < today && !keptDay) return `${date} is in the past: pick today or a later date.`;
    if (date > latest) return `${date} is too far ahead: pick a date within ${MAX_DAYS_AHEAD / 365} years.`;
    if (dates.has(date)) return `${date} is picked twice.`;
    dates.add(date);
    const times = new Set<string>();
    for (const time of slots) {
      if (!TIME.test(time)) return `${time} is not a time: use hours and minutes, such as 19:30.`;
      if (times.has(time)) return `${date} has ${time} twice.`;
      times.add(time);
      const keptSlot = keptDay && kept.some((option) => option.date === date && option.time === time);
      if (zonedToUtc(date, time, poll.zone) < now && !keptSlot) return `${date} ${time} has already passed.`;
    }
  }
  const count = pollOptions(poll).length;
  if (count > MAX_POLL_OPTIONS) return `A poll can offer at most ${MAX_POLL_OPTIONS} options; this one has ${count}.`;
  if (poll.days.some((day) => day.slots.length > 0)) {
    const { min, max } = SLOT_MINUTES;
    if (!Number.isInteger(poll.slotMinutes) || poll.slotMinutes < min || poll.slotMinutes > max) {
      return `A slot lasts from ${min} minutes to ${max / 60} hours.`;
    }
  }
  return undefined;
}

export function pollOptions(poll: NewPoll): PollOption[] {
  return [...poll.days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap(({ date, slots }) => {
      const day = date.replace(/-/g, '');
      if (slots.length === 0) return [{ id: `d-${day}`, date }];
      return [...slots].sort().map((time) => {
        const start = zonedToUtc(date, time, poll.zone);
        return { id: `s-${day}-${time.replace(':', '')}`, date, time, start, zoneName: zoneName(start, poll.zone) };
      });
    });
}

const POLL_ID = /^[a-z0-9]{1,64}$/;
/** Whether `id` has the shape of a poll's id: a made poll's twelve characters, or a configured poll's name. */
export const isPollId = (id: string) => POLL_ID.test(id);

/**
 * How long a made poll is kept after its last date, or after the date its organiser picked: long
 * enough to look back at who came, short enough that made polls, their votes, comments and
 * addresses do not pile up for ever (the daily run deletes them: organising/service.server.ts).
 */
export const POLL_KEPT_DAYS = 90;
/**
 * How far ahead a poll's dates may be: any plan worth a poll fits, and a made poll is then kept at
 * most this and POLL_KEPT_DAYS (a date in the year 9999 would keep it, and its votes, for ever).
 */
export const MAX_DAYS_AHEAD = 730;

/** The day ('YYYY-MM-DD') a made poll is deleted: POLL_KEPT_DAYS after its decided option's date, else its last. */
export function keptUntil(poll: Pick<CreatedPoll, 'options' | 'final'>): string {
  const decided = poll.options.find((option) => option.id === poll.final);
  const last = decided?.date ?? poll.options.reduce((latest, { date }) => (date > latest ? date : latest), '');
  const day = new Date(`${last}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + POLL_KEPT_DAYS);
  return day.toISOString().slice(0, 10);
}

/** A made poll's page: one static shell serves every id (netlify.toml rewrites the path to it). */
export const pollPath = (id: string) => `/scheduling_polls/p/${id}`;
/** How a poll's link is offered (LinkShare), on its page and to its organiser. */
export const POLL_LINK = { label: 'Link to this poll', copied: 'Link copied: paste it to your group.' } as const;

// ----- Voter rules (SPEC sections 3, 5); those needing atomicity are in voting/scripts.server.ts -----

export const NO_SUCH_POLL = 'There is no such poll. It may have been deleted.';
export const NO_SUCH_OPTION = 'There is no such option in this poll.';
export const NAME_TAKEN = 'That name is already taken. Please choose another.';
export const POLL_FULL = 'This poll has all the voters it can take. Voters already in it can still change their votes.';
export const POLL_CLOSED =
  'This poll is closed: the organiser has picked the final option, so votes can no longer change.';
export const DEADLINE_PASSED =
  'Voting in this poll closed at its deadline, so votes can no longer change. The organiser will pick the final option.';

/** How far ahead an organiser may set a poll's deadline: a year. */
export const MAX_DEADLINE_DAYS = 366;

/** Why an organiser cannot set a poll's votes to close at `deadline` (ms) at `now`, or undefined when they can. */
export function deadlineProblem(deadline: number, now: number): string | undefined {
  if (deadline <= now) return 'The deadline must be in the future.';
  if (deadline > now + MAX_DEADLINE_DAYS * 86_400_000) return 'The deadline must be within a year.';
  return undefined;
}

/** Whether a poll's votes have closed at its deadline by `now` (ms). */
export const pastDeadline = (poll: Pick<CreatedPoll, 'deadline'>, now: number): boolean =>
  poll.deadline !== undefined && now >= poll.deadline;
/** Registration refuses usernames that start with it, so no account is mistaken for a visitor. */
export const ANON_PREFIX = ANONYMOUS_PREFIX;
/** How to answer a poll that takes "if need be", and one that takes yes answers only (the configured ones). */
export const HOW_TO_ANSWER =
  'Answer the options that suit you: click once for yes, again for if need be, and a third time for no. Log in or enter your name below to vote; creating a login lets you come back and change your answers later.';
export const HOW_TO_ANSWER_YES_ONLY =
  'Answer the options that suit you: click once for yes, and again for no. Log in or enter your name below to vote; creating a login lets you come back and change your answers later.';
/** What an address that is not one hears, where a voter leaves one (the words the login's register form uses). */
export const INVALID_EMAIL = 'Invalid Email Format';
/** Long enough for a full name, short enough for a badge. */
export const MAX_NAME_LENGTH = 40;

/** The voter name of an anonymous visitor: 'anon_' + the name trimmed, whitespace runs → '_'. */
export const anonymousVoter = (typed: string) => ANON_PREFIX + typed.trim().replace(/\s+/g, '_');

export const isAnonymous = (username: string) => username.startsWith(ANON_PREFIX);

/** The key a voter is stored under: names are the same voter in any letter case. */
export const voterKey = (username: string) => username.toLowerCase();

/** How a voter is shown: a non-blank first name (a hidden voter's 'Voter 3'), else the username without 'anon_'. */
export function displayName(user: Voter | undefined): string {
  if (user?.firstName?.trim()) return user.firstName.trim();
  if (!user?.username) return 'Unknown';
  return isAnonymous(user.username) ? user.username.slice(ANON_PREFIX.length) : user.username;
}

/** Whether a typed name is refused because a voter with that name exists (SPEC section 5: Poll name). */
export function nameTaken(typed: string, voters: string[]): boolean {
  const wanted = voterKey(anonymousVoter(typed)).slice(ANON_PREFIX.length);
  return voters.some((username) => {
    const key = voterKey(username);
    return (isAnonymous(key) ? key.slice(ANON_PREFIX.length) : key) === wanted;
  });
}

// Ranking: a yes counts for more than any number of "if need be".
export const ANSWER_TEXT: Record<Answer, string> = { yes: 'Yes', ifNeedBe: 'If need be' };

/** Counts each option's answers; options nobody answered count zero. */
export function tally(
  optionIds: readonly string[],
  answers: readonly { optionId: string; answer: Answer }[],
): OptionTally[] {
  const counts = new Map(optionIds.map((optionId) => [optionId, { optionId, yes: 0, ifNeedBe: 0 }]));
  for (const { optionId, answer } of answers) {
    const count = counts.get(optionId);
    if (count) count[answer] += 1;
  }
  return [...counts.values()];
}

/** Orders tallies best first: more yes, then more if-need-be, then the poll's own order. */
export function ranked(tallies: readonly OptionTally[]): OptionTally[] {
  return tallies
    .map((tally, index) => ({ tally, index }))
    .sort((a, b) => b.tally.yes - a.tally.yes || b.tally.ifNeedBe - a.tally.ifNeedBe || a.index - b.index)
    .map(({ tally }) => tally);
}

/** The best option or options (a tie), once anyone has answered; none before. */
export function bestOptions(tallies: readonly OptionTally[]): string[] {
  const [top] = ranked(tallies);
  if (!top || top.yes + top.ifNeedBe === 0) return [];
  return tallies.filter((each) => each.yes === top.yes && each.ifNeedBe === top.ifNeedBe).map((each) => each.optionId);
}

/** The answer after a click: no answer → yes → if need be → no answer. */
export function nextAnswer(answer: Answer | undefined): Answer | undefined {
  return answer === undefined ? 'yes' : answer === 'yes' ? 'ifNeedBe' : undefined;
}
