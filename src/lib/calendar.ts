// An event as a calendar takes it: an .ics file (RFC 5545) and the links that open Google
// Calendar's and Outlook's new-event pages; a whole day, or a time in a zone.
import { offsetMinutes, utcToZoned, zoneName, zonedToUtc } from './time-zones.ts';

/** An event for a calendar (an .ics file, Google and Outlook links); a whole day has no `time`. */
export interface CalendarEvent {
  /** What made it, as the .ics file names it (its PRODID): 'Scheduling polls'. */
  product: string;
  /** Stable for the event: a calendar updates the same event when it is imported again. */
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
    `PRODID:-//Portfolio site//${event.product}//EN`,
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
