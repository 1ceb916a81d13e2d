// A poll's times: in its own zone (an IANA name) and as a visitor elsewhere sees them, through
// Intl (right across daylight-saving changes); how its options read, worked out without Intl where
// it can (a phone's first Intl formatter costs about 100 ms); its decision as a calendar event.
import type { CreatedPoll, PollOption } from '../poll/schema.ts';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter made once per locale and options: making one costs far more than using it. */
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(locale, options));
  return formats.get(key)!;
}

/** The wall-clock date and time in `zone` at the instant `ms`, as the fields of a UTC date. */
function wallClockAt(ms: number, zone: string): number {
  const parts = format('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** The zone's offset from UTC at the instant `ms`, in minutes (Berlin in winter: 60). */
export function offsetMinutes(ms: number, zone: string): number {
  return Math.round((wallClockAt(ms, zone) - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock date ('YYYY-MM-DD') and time ('HH:MM') in `zone`. A time that a
 * change to summer time skips is read with the offset before the change (02:30 becomes 03:30); a
 * time that the change back repeats is its first occurrence.
 */
export function zonedToUtc(date: string, time: string, zone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetMinutes(wall - DAY_MS, zone);
  const after = offsetMinutes(wall + DAY_MS, zone);
  const readings = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((ms) => wallClockAt(ms, zone) === wall);
  return readings.length > 0 ? Math.min(...readings) : wall - before * 60_000;
}

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:MM') in `zone` at the instant `ms`. */
export function utcToZoned(ms: number, zone: string): { date: string; time: string } {
  const iso = new Date(wallClockAt(ms, zone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

// English locales each know the common names of their own region's zones (EDT, CET, AEDT, IST);
// other zones are GMT±h in all of them.
const NAMING_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'];

/** The zone's short name at the instant `ms`: 'CET', 'EDT', else 'GMT+9'. Asks one locale after another, lazily. */
export function zoneName(ms: number, zone: string): string {
  const nameIn = (locale: string) =>
    format(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(ms)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  for (const locale of NAMING_LOCALES) {
    const name = nameIn(locale);
    if (name && !/^GMT[+-]/.test(name)) return name;
  }
  return nameIn(NAMING_LOCALES[0]!);
}

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

/** The decision as a calendar event (an .ics file, Google and Outlook links); a whole day has no `time`. */
export interface CalendarEvent {
  /** Stable for the decision: a calendar updates the same event when it is imported again. */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  date: string;
  time?: string;
  durationMinutes?: number;
  /** A slot's start instant, when known. */
  start?: number;
  zone: string;
  now: number;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545, 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545, 3.1). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line takes 75 octets; each continuation 74 after its leading space.
    if (octets + size > (pieces.length === 0 ? 75 : 74)) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

const compact = (date: string) => date.replace(/-/g, '');
const stamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const localStamp = (ms: number, zone: string) => {
  const { date, time } = utcToZoned(ms, zone);
  return `${compact(date)}T${time.replace(':', '')}00`;
};
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const pad = (n: number) => String(n).padStart(2, '0');
/** '+0100' for an offset of 60 minutes. */
const utcOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The event's start and end instants (ms), for a time slot. */
function slotTimes(event: CalendarEvent): { start: number; end: number } {
  const start = event.start ?? zonedToUtc(event.date, event.time!, event.zone);
  return { start, end: start + (event.durationMinutes ?? 60) * 60_000 };
}

/** The .ics file of the event, CRLF line ends, folded lines. */
export function icsFile(event: CalendarEvent): string {
  const slot = event.time ? slotTimes(event) : undefined;
  const offset = slot && utcOffset(offsetMinutes(slot.start, event.zone));
  const inZone = (ms: number) => `TZID=${event.zone}:${localStamp(ms, event.zone)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portfolio site//Scheduling polls//EN',
    'CALSCALE:GREGORIAN',
    ...(slot
      ? [
          'BEGIN:VTIMEZONE',
          `TZID:${event.zone}`,
          'BEGIN:STANDARD',
          'DTSTART:19700101T000000',
          `TZOFFSETFROM:${offset}`,
          `TZOFFSETTO:${offset}`,
          `TZNAME:${zoneName(slot.start, event.zone)}`,
          'END:STANDARD',
          'END:VTIMEZONE',
        ]
      : []),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp(event.now)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(slot
      ? [`DTSTART;${inZone(slot.start)}`, `DTEND;${inZone(slot.end)}`]
      : [`DTSTART;VALUE=DATE:${compact(event.date)}`, `DTEND;VALUE=DATE:${compact(nextDay(event.date))}`]),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function googleCalendarLink(event: CalendarEvent): string {
  const dates = event.time
    ? (({ start, end }) => `${stamp(start)}/${stamp(end)}`)(slotTimes(event))
    : `${compact(event.date)}/${compact(nextDay(event.date))}`;
  const query = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates });
  if (event.description) query.set('details', event.description);
  if (event.location) query.set('location', event.location);
  if (event.time) query.set('ctz', event.zone);
  return `https://calendar.google.com/calendar/render?${query}`;
}

export function outlookLink(event: CalendarEvent): string {
  const query = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: event.title });
  if (event.time) {
    const { start, end } = slotTimes(event);
    query.set('startdt', new Date(start).toISOString());
    query.set('enddt', new Date(end).toISOString());
  } else {
    query.set('startdt', event.date);
    query.set('enddt', nextDay(event.date));
    query.set('allday', 'true');
  }
  if (event.description) query.set('body', event.description);
  if (event.location) query.set('location', event.location);
  return `https://outlook.live.com/calendar/0/action/compose?${query}`;
}

export function decisionEvent(poll: CreatedPoll, now: number): CalendarEvent | undefined {
  const option = poll.options.find((each) => each.id === poll.final);
  if (!option) return undefined;
  return {
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
