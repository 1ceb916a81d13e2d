// A poll's times: in its own zone and as a visitor elsewhere sees them (the zones' arithmetic is
// lib/time-zones.ts); how its options read, worked out without Intl where it can (a phone's first
// Intl formatter costs about 100 ms); its decision as a calendar event (lib/calendar.ts).
import type { CalendarEvent } from '../../../lib/calendar.ts';
import { format, offsetMinutes, zoneName } from '../../../lib/time-zones.ts';
import type { CreatedPoll, PollOption } from '../poll/schema.ts';

/** "7:00 PM CET": the time at the instant `ms` in `zone`, with the zone's short name there. */
export function timeInZone(ms: number, zone: string, locale = 'en-US'): string {
  const time = format(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' })
    .format(ms)
    .replace(/\u202f/g, ' ');
  return `${time} ${zoneName(ms, zone)}`;
}

/**
 * A slot's time for a visitor: in the poll's zone, and in the visitor's own when it differs there
 * at that instant ("7:00 PM CET, 1:00 PM your time").
 */
export function slotLabel(ms: number, pollZone: string, visitorZone: string, locale = 'en-US'): string {
  const inPollZone = timeInZone(ms, pollZone, locale);
  if (offsetMinutes(ms, pollZone) === offsetMinutes(ms, visitorZone)) return inPollZone;
  const local = format(locale, { timeZone: visitorZone, hour: 'numeric', minute: '2-digit' })
    .format(ms)
    .replace(/\u202f/g, ' ');
  return `${inPollZone}, ${local} your time`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Whose clock a slot's second time is read on: its offset in minutes, and what names it, at an instant. */
export interface Viewer {
  offsetAt: (ms: number) => number;
  name: (ms: number) => string;
}

export const VISITOR: Viewer = { offsetAt: (ms) => -new Date(ms).getTimezoneOffset(), name: () => 'your time' };

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

/** An instant on the viewer's clock: 'Sun, Oct 25, 2026, 7:00 PM JST' ('… 7:00 PM your time' on the visitor's own). */
export function instantLabel(ms: number, viewer: Viewer = VISITOR): string {
  const local = new Date(ms + viewer.offsetAt(ms) * 60_000);
  const time = clockLabel(local.getUTCHours(), local.getUTCMinutes());
  return `${dayLabel(local.toISOString().slice(0, 10))}, ${time} ${viewer.name(ms)}`;
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

export function decisionEvent(poll: CreatedPoll, now: number): CalendarEvent | undefined {
  const option = poll.options.find((each) => each.id === poll.final);
  if (!option) return undefined;
  return {
    product: 'Scheduling polls',
    uid: `${poll.id}-${option.id}@scheduling-polls`,
    title: poll.title,
    description: poll.description,
    location: poll.location,
    date: option.date,
    ...(option.time ? { time: option.time, durationMinutes: poll.slotMinutes, start: option.start } : {}),
    zone: poll.zone,
    now,
  };
}
