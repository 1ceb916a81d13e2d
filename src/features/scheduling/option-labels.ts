// How a made poll's options read: the day ('Sun, Oct 25, 2026') and, for a slot, its time in the
// poll's zone with the viewer's beside it when that differs ("7:00 PM CET, 1:00 PM your time"; or
// in a zone the visitor picked, "7:00 PM CET, 2:00 AM JST"). Worked out from what each option
// carries (its wall-clock time, its instant and its zone's name) and, for the visitor's own time,
// the browser's own clock, without Intl: the first Intl date formatter a page makes costs a phone
// about 100 ms of blocked main thread, more than the whole poll's rendering. A picked zone asks
// Intl, once the visitor has asked for it.
import type { CreatedPoll, PollOption } from './new-poll.ts';
import { offsetMinutes, zoneName } from './zoned-time.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A zone's offset from UTC in minutes at an instant (ms): Berlin in winter, 60. */
export type OffsetAt = (ms: number) => number;

/** The visitor's offset, from the browser's own clock. */
export const visitorOffsetAt: OffsetAt = (ms) => -new Date(ms).getTimezoneOffset();

/** Whose clock a slot's second time is read on: its offset, and what names it at an instant. */
export interface Viewer {
  offsetAt: OffsetAt;
  name: (ms: number) => string;
}

/** The visitor's own clock, named "your time". */
export const VISITOR: Viewer = { offsetAt: visitorOffsetAt, name: () => 'your time' };

/** The clock of a zone the visitor picked ('Asia/Tokyo'), named by its short name there ('JST'). */
export const zoneViewer = (zone: string): Viewer => ({
  offsetAt: (ms) => offsetMinutes(ms, zone),
  name: (ms) => zoneName(ms, zone),
});

/** 'YYYY-MM-DD' as 'Sun, Oct 25, 2026'. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/** Hours and minutes of a 24-hour clock as 'en-US' says them: '7:00 PM', '12:30 AM'. */
export function clockLabel(hours: number, minutes: number): string {
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A slot's offset in its poll's zone: the distance from its start instant to its wall-clock time. */
function pollOffset(option: PollOption & { start: number; time: string }): number {
  const [year, month, day] = option.date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = option.time.split(':').map(Number) as [number, number];
  return (Date.UTC(year, month - 1, day, hours, minutes) - option.start) / 60_000;
}

const isSlot = (option: PollOption): option is PollOption & { start: number; time: string } =>
  option.start !== undefined && option.time !== undefined;

/** Whether the viewer's clock reads a slot differently from the poll's zone. */
export function differsForVisitor(option: PollOption, viewer: Viewer = VISITOR): boolean {
  return isSlot(option) && viewer.offsetAt(option.start) !== pollOffset(option);
}

/** An option's day, and its time for a slot: in the poll's zone, and on the viewer's clock where it differs. */
export function optionLabel(
  option: PollOption,
  zone: string,
  viewer: Viewer = VISITOR,
): { heading: string; detail?: string } {
  const heading = dayLabel(option.date);
  if (!isSlot(option)) return { heading };
  const [hours, minutes] = option.time.split(':').map(Number) as [number, number];
  // Polls made before options carried their zone's name ask Intl for it.
  const inPollZone = `${clockLabel(hours, minutes)} ${option.zoneName ?? zoneName(option.start, zone)}`;
  if (!differsForVisitor(option, viewer)) return { heading, detail: inPollZone };
  const local = new Date(option.start + viewer.offsetAt(option.start) * 60_000);
  const time = clockLabel(local.getUTCHours(), local.getUTCMinutes());
  return { heading, detail: `${inPollZone}, ${time} ${viewer.name(option.start)}` };
}

/** The decision in one line: 'Sun, Oct 25, 2026, 7:00 PM CET' or 'Sun, Oct 25, 2026 (all day)'. */
export function decisionLabel(poll: Pick<CreatedPoll, 'options' | 'final' | 'zone'>, viewer: Viewer = VISITOR): string {
  const option = poll.options.find((each) => each.id === poll.final);
  if (!option) return '';
  const { heading, detail } = optionLabel(option, poll.zone, viewer);
  return detail ? `${heading}, ${detail}` : `${heading} (all day)`;
}
