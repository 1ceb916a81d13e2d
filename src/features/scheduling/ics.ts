// A poll's decision as a calendar event: an .ics file (RFC 5545) and links that open the event in
// Google Calendar and Outlook. A time slot is a timed event in the poll's time zone (with the
// VTIMEZONE that names its offset then); a whole day is an all-day event.
import type { CreatedPoll } from './new-poll.ts';
import { offsetMinutes, utcToZoned, zonedToUtc, zoneName } from './zoned-time.ts';

export interface CalendarEvent {
  /** Unique and stable for the decision: a calendar updates the same event when it is imported again. */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM' in `zone`, for a time slot; none for a whole day. */
  time?: string;
  /** A time slot's length in minutes. */
  durationMinutes?: number;
  /** A time slot's start instant (ms), when known: spares working it out from `date`, `time` and `zone`. */
  start?: number;
  zone: string;
  /** When the file is made (DTSTAMP). */
  now: number;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545, 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
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

/** '+0100' for an offset of 60 minutes. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`;
}

/** The event's start and end instants (ms), for a time slot. */
function slotTimes(event: CalendarEvent): { start: number; end: number } {
  const start = event.start ?? zonedToUtc(event.date, event.time!, event.zone);
  return { start, end: start + (event.durationMinutes ?? 60) * 60_000 };
}

/** The .ics file of the event, CRLF line ends, folded lines. */
export function icsFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portfolio site//Scheduling polls//EN',
    'CALSCALE:GREGORIAN',
  ];
  const body = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp(event.now)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.time) {
    const { start, end } = slotTimes(event);
    const offset = utcOffset(offsetMinutes(start, event.zone));
    const name = zoneName(start, event.zone);
    lines.push(
      'BEGIN:VTIMEZONE',
      `TZID:${event.zone}`,
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${name}`,
      'END:STANDARD',
      'END:VTIMEZONE',
    );
    body.push(
      `DTSTART;TZID=${event.zone}:${localStamp(start, event.zone)}`,
      `DTEND;TZID=${event.zone}:${localStamp(end, event.zone)}`,
    );
  } else {
    body.push(`DTSTART;VALUE=DATE:${compact(event.date)}`, `DTEND;VALUE=DATE:${compact(nextDay(event.date))}`);
  }
  if (event.description) body.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) body.push(`LOCATION:${escapeText(event.location)}`);
  body.push('END:VEVENT');
  return [...lines, ...body, 'END:VCALENDAR'].map(foldLine).join('\r\n') + '\r\n';
}

/** A link that opens the event, filled in, in Google Calendar. */
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

/** A link that opens the event, filled in, in Outlook on the web. */
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

/** The decision of a finalised poll as a calendar event. */
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
