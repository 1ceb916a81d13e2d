// The spec's three polls (SPEC sections 2, 3) as polls of the one model, made from the content
// config: the time-slot polls (evening slots per 'MM/DD' date) and the reunion date poll (whole
// days with descriptions), yes answers only, with the spec's option ids and shapes.
import { DATE_POLL, TIME_SLOTS, TIME_SLOT_CALENDAR, TIME_SLOT_POLLS } from '../../../content/polls.ts';
import type { CreatedPoll, PollOption } from '../poll/schema.ts';
import { zoneName, zonedToUtc } from '../../../lib/time-zones.ts';
import { clockLabel } from '../time/logic.ts';

type TimeSlotPollId = keyof typeof TIME_SLOT_POLLS;
export const TIME_SLOT_POLL_IDS = Object.keys(TIME_SLOT_POLLS) as TimeSlotPollId[];
export const isTimeSlotPoll = (pollId: string): pollId is TimeSlotPollId => Object.hasOwn(TIME_SLOT_POLLS, pollId);

/** A schedule item (SPEC section 3): its id and the name '<date>_<time>'. */
type ScheduleItem = { _id: string; name: string };
/** A date option (SPEC section 3): the name '<date>_DATE' and an optional description. */
export type DateOption = { name: string; description?: string };

/** Splits an item name into its date and time (on the first underscore). */
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

/** The schedule items of the content config's dates (all of them by default), in date and slot order. */
export const configuredItems = (dates = Object.keys(TIME_SLOTS)): ScheduleItem[] =>
  dates.flatMap((date) =>
    TIME_SLOTS[date]!.map((time) => ({ _id: itemId(`${date}_${time}`), name: `${date}_${time}` })),
  );

export const pollDates = (pollId: TimeSlotPollId) =>
  Object.keys(TIME_SLOTS).filter((date) => !(TIME_SLOT_POLLS[pollId].hiddenDates as readonly string[]).includes(date));

export const configuredPollItems = (pollId: TimeSlotPollId) => configuredItems(pollDates(pollId));

/** '07/03/2026' → '07/03/2026_DATE'. */
export const dateOptionName = (date: string) => `${date}_DATE`;
export const dateOfOption = (name: string) => name.replace(/_DATE$/, '');

export const configuredDateOptions = (): DateOption[] =>
  DATE_POLL.dates.map(({ date, description }) => ({
    name: dateOptionName(date),
    ...(description ? { description } : {}),
  }));

/** '6:30 PM' → '18:30'. */
export function clockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) throw new Error(`A time slot is 'h:mm AM' or 'h:mm PM', not '${time}'.`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** '08/27' (in the time-slot polls' year) or '08/27/2026' → '2026-08-27'. */
function isoDate(date: string): string {
  const [month, day, year = String(TIME_SLOT_CALENDAR.year)] = date.split('/');
  return `${year}-${month}-${day}`;
}

/** '2026-08-27' → '08/27'; with the year, '08/27/2026'. */
const usDate = (date: string, withYear = false) => {
  const [year, month, day] = date.split('-');
  return withYear ? `${month}/${day}/${year}` : `${month}/${day}`;
};

export const scheduleItemOf = (option: PollOption): ScheduleItem => {
  const [hours, minutes] = (option.time ?? '00:00').split(':').map(Number) as [number, number];
  return { _id: option.id, name: `${usDate(option.date)}_${clockLabel(hours, minutes)}` };
};

export const dateOptionOf = (option: PollOption): DateOption => ({
  name: dateOptionName(usDate(option.date, true)),
  ...(option.description ? { description: option.description } : {}),
});

const { zone, slotMinutes } = TIME_SLOT_CALENDAR;
const configuredPoll = (id: string, title: string, options: PollOption[]): CreatedPoll => {
  return { description: '', location: '', zone, slotMinutes, createdAt: 0, yesOnly: true, id, title, options };
};

const timeSlotPoll = (pollId: TimeSlotPollId) =>
  configuredPoll(
    pollId,
    TIME_SLOT_POLLS[pollId].title,
    configuredPollItems(pollId).map(({ _id, name }): PollOption => {
      const { date, time } = splitItemName(name);
      const start = zonedToUtc(isoDate(date), clockTime(time), zone);
      return { id: _id, date: isoDate(date), time: clockTime(time), start, zoneName: zoneName(start, zone) };
    }),
  );

const datePoll = () =>
  configuredPoll(
    DATE_POLL.id,
    DATE_POLL.title,
    configuredDateOptions().map(({ name, description }) => ({
      id: name,
      date: isoDate(dateOfOption(name)),
      ...(description ? { description } : {}),
    })),
  );

let made: readonly CreatedPoll[] | undefined;

/** The spec's polls, time-slot polls first; made once per process (a slot's instant and zone name cost). */
export const specPolls = (): readonly CreatedPoll[] => (made ??= [...TIME_SLOT_POLL_IDS.map(timeSlotPoll), datePoll()]);

/** The spec poll with this id, as the content config makes it; undefined for any other id. */
export const specPoll = (pollId: string): CreatedPoll | undefined => specPolls().find((poll) => poll.id === pollId);
