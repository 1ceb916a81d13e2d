// The scheduling polls' names and rules, shared by the pages and the server (SPEC sections 2, 3,
// 5): poll ids, schedule item and date option names, voter identity and how voters are shown.
// Rules that need the store's atomicity live in Redis scripts (src/server/scripts/scheduling.ts):
// - a vote counts only for an option the poll offers;
// - anonymous name claims: an 'anon_' name belongs to the first vote under it, which gets a claim
//   secret; later changes need that secret; a name an account or a registered voter has is taken;
//   a remove before any vote claims nothing;
// - a registered voter's first name is copied from their account when they vote;
// - voters per poll: a new voter's first vote is refused once the poll has MAX_VOTERS_PER_POLL
//   voters (service.server.ts); voters already in it can still change their votes;
// - options are offered only when they exist in the catalogue, and leave a poll with every vote for them.
import { DATE_POLL, TIME_SLOTS, TIME_SLOT_POLLS } from '../../content/polls.ts';
import { ANONYMOUS_PREFIX } from '../../lib/user-details.ts';

export type TimeSlotPollId = keyof typeof TIME_SLOT_POLLS;
export type PollId = TimeSlotPollId | typeof DATE_POLL.id;

export const TIME_SLOT_POLL_IDS = Object.keys(TIME_SLOT_POLLS) as TimeSlotPollId[];
export const POLL_IDS: readonly PollId[] = [...TIME_SLOT_POLL_IDS, DATE_POLL.id];

export const isTimeSlotPoll = (pollId: string): pollId is TimeSlotPollId => pollId in TIME_SLOT_POLLS;
export const isPollId = (pollId: string): pollId is PollId => (POLL_IDS as readonly string[]).includes(pollId);

export const NAME_TAKEN = 'That name is already taken. Please choose another.';
/** A new voter's refusal once a poll has all the voters it takes (service.server.ts MAX_VOTERS_PER_POLL). */
export const POLL_FULL = 'This poll has all the voters it can take. Voters already in it can still change their votes.';
/** A vote on a poll its organiser has finalised. */
export const POLL_CLOSED =
  'This poll is closed: the organiser has picked the final option, so votes can no longer change.';
/** Registration refuses usernames that start with it, so no account is mistaken for a visitor. */
export const ANON_PREFIX = ANONYMOUS_PREFIX;
/** Long enough for a full name, short enough for a badge. */
export const MAX_NAME_LENGTH = 40;

/** A schedule item (SPEC section 3): an id and the name '<date>_<time>'. */
export interface ScheduleItem {
  _id: string;
  name: string;
}

/** A date option (SPEC section 3): the name '<date>_DATE' and an optional description. */
export interface DateOption {
  name: string;
  description?: string;
}

/** A voter as the results show them. */
export interface Voter {
  username: string;
  firstName?: string;
}

export interface ChoiceWithUser {
  scheduleItem: ScheduleItem;
  user: Voter;
}

export interface DateChoiceWithUser {
  date: string;
  user: Voter;
}

// ----- Schedule items and date options -----

/** The name of the schedule item for a date and time slot. */
export const itemName = (date: string, time: string) => `${date}_${time}`;

/** Splits an item name into its date and time (split on the first underscore). */
export function splitItemName(name: string): { date: string; time: string } {
  const at = name.indexOf('_');
  return at < 0 ? { date: name, time: '' } : { date: name.slice(0, at), time: name.slice(at + 1) };
}

/** A stable id for an item name, so creating the items twice creates nothing new: '08/27_6:30 PM' → '0827-630pm'. */
export const itemId = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '')
    .replace('_', '-');

/** Every schedule item of the content config, in date and slot order. */
export function configuredItems(): ScheduleItem[] {
  return Object.entries(TIME_SLOTS).flatMap(([date, times]) =>
    times.map((time) => ({ _id: itemId(itemName(date, time)), name: itemName(date, time) })),
  );
}

/** The dates a time-slot poll shows. */
export function pollDates(pollId: TimeSlotPollId): string[] {
  const hidden: readonly string[] = TIME_SLOT_POLLS[pollId].hiddenDates;
  return Object.keys(TIME_SLOTS).filter((date) => !hidden.includes(date));
}

/** The items a time-slot poll offers: those of its shown dates. */
export function configuredPollItems(pollId: TimeSlotPollId): ScheduleItem[] {
  const dates = pollDates(pollId);
  return configuredItems().filter((item) => dates.includes(splitItemName(item.name).date));
}

export const DATE_SUFFIX = '_DATE';
/** The option name of a date: '07/03/2026' → '07/03/2026_DATE'. */
export const dateOptionName = (date: string) => `${date}${DATE_SUFFIX}`;
/** The date an option name shows: the suffix removed. */
export const dateOfOption = (name: string) => (name.endsWith(DATE_SUFFIX) ? name.slice(0, -DATE_SUFFIX.length) : name);

/** Every date option of the content config, in date order. */
export function configuredDateOptions(): DateOption[] {
  return DATE_POLL.dates.map(({ date, description }) => ({
    name: dateOptionName(date),
    ...(description ? { description } : {}),
  }));
}

/** Orders by the content config's order; names it no longer lists go last, by name. */
export function inConfigOrder<T>(list: T[], nameOf: (entry: T) => string, configured: string[]): T[] {
  const place = (entry: T) => {
    const at = configured.indexOf(nameOf(entry));
    return at < 0 ? configured.length : at;
  };
  return [...list].sort((a, b) => place(a) - place(b) || nameOf(a).localeCompare(nameOf(b)));
}

// ----- Voters -----

/** The voter name of an anonymous visitor: 'anon_' + the name trimmed, whitespace runs → '_'. */
export const anonymousVoter = (typed: string) => ANON_PREFIX + typed.trim().replace(/\s+/g, '_');

export const isAnonymous = (username: string) => username.startsWith(ANON_PREFIX);

/** The key a voter is stored under: names are the same voter in any letter case. */
export const voterKey = (username: string) => username.toLowerCase();

/** How a voter is shown: a non-blank first name, else the username without 'anon_'. */
export function displayName(user: Voter | undefined): string {
  if (!user?.username) return 'Unknown';
  if (user.firstName?.trim()) return user.firstName.trim();
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

/** Groups who chose what, by option id, in the order they came. */
export function votersByOption<T>(choices: T[], optionOf: (choice: T) => string, userOf: (choice: T) => Voter) {
  const groups = new Map<string, Voter[]>();
  for (const choice of choices) {
    const list = groups.get(optionOf(choice)) ?? [];
    list.push(userOf(choice));
    groups.set(optionOf(choice), list);
  }
  return groups;
}
