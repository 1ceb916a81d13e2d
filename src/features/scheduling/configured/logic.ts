// The spec's three polls (SPEC sections 2, 3) as polls of the one model, made from the content
// config: the time-slot polls (evening slots per 'MM/DD' date) and the reunion date poll (whole
// days with descriptions), yes answers only. Their option ids are the spec's ('0827-630pm',
// '07/03/2026_DATE'), and so are the shapes its endpoints answer; and the console's alert words.
import { DATE_POLL, TIME_SLOTS, TIME_SLOT_CALENDAR, TIME_SLOT_POLLS } from '../../../content/polls.ts';
import type { CreatedPoll, PollOption, Voter } from '../poll/schema.ts';
import { clockLabel, zoneName, zonedToUtc } from '../time/logic.ts';

export type TimeSlotPollId = keyof typeof TIME_SLOT_POLLS;
export const TIME_SLOT_POLL_IDS = Object.keys(TIME_SLOT_POLLS) as TimeSlotPollId[];
export const isTimeSlotPoll = (pollId: string): pollId is TimeSlotPollId => Object.hasOwn(TIME_SLOT_POLLS, pollId);

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

// ----- The config's dates and times in the model's form, and back -----

/** '6:30 PM' → '18:30'. */
export function clockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) throw new Error(`A time slot is 'h:mm AM' or 'h:mm PM', not '${time}'.`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** '18:30' → '6:30 PM'. */
const spokenTime = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return clockLabel(hours, minutes);
};

/** '2026-08-27' → '08/27'; with the year, '08/27/2026'. */
const usDate = (date: string, withYear = false) => {
  const [year, month, day] = date.split('-');
  return withYear ? `${month}/${day}/${year}` : `${month}/${day}`;
};

/** '08/27' (in the time-slot polls' year) or '08/27/2026' → '2026-08-27'. */
function isoDate(date: string): string {
  const [month, day, year = String(TIME_SLOT_CALENDAR.year)] = date.split('/');
  return `${year}-${month}-${day}`;
}

/** A time-slot poll's option as the spec's schedule item. */
export const scheduleItemOf = (option: PollOption): ScheduleItem => ({
  _id: option.id,
  name: itemName(usDate(option.date), spokenTime(option.time ?? '00:00')),
});

/** The date poll's option as the spec's date option. */
export const dateOptionOf = (option: PollOption): DateOption => ({
  name: dateOptionName(usDate(option.date, true)),
  ...(option.description ? { description: option.description } : {}),
});

const { zone, slotMinutes } = TIME_SLOT_CALENDAR;

function timeSlotPoll(pollId: TimeSlotPollId): CreatedPoll {
  const options = configuredPollItems(pollId).map(({ _id, name }): PollOption => {
    const split = splitItemName(name);
    const date = isoDate(split.date);
    const time = clockTime(split.time);
    const start = zonedToUtc(date, time, zone);
    return { id: _id, date, time, start, zoneName: zoneName(start, zone) };
  });
  return { ...common, id: pollId, title: TIME_SLOT_POLLS[pollId].title, options };
}

function datePoll(): CreatedPoll {
  const options = DATE_POLL.dates.map(({ date, description }): PollOption => ({
    id: dateOptionName(date),
    date: isoDate(date),
    ...(description ? { description } : {}),
  }));
  return { ...common, id: DATE_POLL.id, title: DATE_POLL.title, options };
}

const common = { description: '', location: '', zone, slotMinutes, createdAt: 0, yesOnly: true } as const;

let made: readonly CreatedPoll[] | undefined;

/** The spec's polls as the content config makes them, time-slot polls first; made once per process
 * (working out each slot's instant and zone name per read costs three quarters of the throughput). */
export const specPolls = (): readonly CreatedPoll[] => (made ??= [...TIME_SLOT_POLL_IDS.map(timeSlotPoll), datePoll()]);

/** The spec poll with this id, as the content config makes it; undefined for any other id. */
export const specPoll = (pollId: string): CreatedPoll | undefined => specPolls().find((poll) => poll.id === pollId);

export interface ChoiceWithUser {
  scheduleItem: ScheduleItem;
  user: Voter;
}

export interface DateChoiceWithUser {
  date: string;
  user: Voter;
}
