import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  offsetMinutes,
  slotLabel,
  timeInZone,
  utcToZoned,
  zonedToUtc,
  type Viewer,
  clockLabel,
  dayLabel,
  decisionLabel,
  differsForVisitor,
  optionLabel,
  zoneViewer,
  type CalendarEvent,
  escapeText,
  foldLine,
  googleCalendarLink,
  icsFile,
  outlookLink,
} from './logic.ts';
import { pollOptions } from '../poll/logic.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

describe('zoned time', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone(BERLIN)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads a wall-clock time in its zone, either side of a daylight-saving change', () => {
    // Berlin leaves summer time on the last Sunday of October (25 October 2026, 03:00 → 02:00).
    expect(new Date(zonedToUtc('2026-10-24', '19:00', BERLIN)).toISOString()).toBe('2026-10-24T17:00:00.000Z');
    expect(new Date(zonedToUtc('2026-10-25', '19:00', BERLIN)).toISOString()).toBe('2026-10-25T18:00:00.000Z');
    expect(offsetMinutes(zonedToUtc('2026-10-24', '19:00', BERLIN), BERLIN)).toBe(120);
    expect(offsetMinutes(zonedToUtc('2026-10-25', '19:00', BERLIN), BERLIN)).toBe(60);
  });

  it('reads a skipped time with the offset before the change, and a repeated one as its first', () => {
    // 29 March 2026: 02:00 becomes 03:00 in Berlin.
    expect(new Date(zonedToUtc('2026-03-29', '02:30', BERLIN)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens twice; the first is still summer time.
    expect(new Date(zonedToUtc('2026-10-25', '02:30', BERLIN)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives the wall clock back in any zone', () => {
    const ms = zonedToUtc('2026-10-25', '19:00', BERLIN);
    expect(utcToZoned(ms, BERLIN)).toEqual({ date: '2026-10-25', time: '19:00' });
    expect(utcToZoned(ms, NEW_YORK)).toEqual({ date: '2026-10-25', time: '14:00' });
    expect(utcToZoned(ms, 'Asia/Tokyo')).toEqual({ date: '2026-10-26', time: '03:00' });
  });

  it('labels a slot in the poll’s zone and the visitor’s, across the weeks the two zones change apart', () => {
    // New York leaves summer time a week after Berlin (1 November): five hours apart, not six.
    expect(slotLabel(zonedToUtc('2026-10-24', '19:00', BERLIN), BERLIN, NEW_YORK)).toBe(
      '7:00 PM CEST, 1:00 PM your time',
    );
    expect(slotLabel(zonedToUtc('2026-10-25', '19:00', BERLIN), BERLIN, NEW_YORK)).toBe(
      '7:00 PM CET, 2:00 PM your time',
    );
    expect(slotLabel(zonedToUtc('2026-11-02', '19:00', BERLIN), BERLIN, NEW_YORK)).toBe(
      '7:00 PM CET, 1:00 PM your time',
    );
    // A visitor in the poll's zone (or one with the same offset then) sees it once.
    expect(slotLabel(zonedToUtc('2026-10-25', '19:00', BERLIN), BERLIN, BERLIN)).toBe('7:00 PM CET');
    expect(slotLabel(zonedToUtc('2026-10-25', '19:00', BERLIN), BERLIN, 'Europe/Paris')).toBe('7:00 PM CET');
  });

  it('names the zone as the locale does', () => {
    expect(timeInZone(zonedToUtc('2026-07-01', '09:05', NEW_YORK), NEW_YORK)).toBe('9:05 AM EDT');
    expect(timeInZone(zonedToUtc('2026-10-25', '19:00', BERLIN), BERLIN, 'en-GB')).toBe('19:00 CET');
    expect(timeInZone(zonedToUtc('2026-01-10', '19:00', 'Australia/Sydney'), 'Australia/Sydney')).toBe('7:00 PM AEDT');
    expect(timeInZone(zonedToUtc('2026-01-10', '19:00', 'Asia/Tokyo'), 'Asia/Tokyo')).toBe('7:00 PM GMT+9');
  });
});

/** A visitor's own clock in `zone`, named "your time". */
const clockIn = (zone: string): Viewer => ({ offsetAt: (ms) => offsetMinutes(ms, zone), name: () => 'your time' });

describe('a made poll’s option labels', () => {
  const days = [
    { date: '2026-10-24', slots: ['19:00'] },
    { date: '2026-10-25', slots: ['19:00'] },
    { date: '2026-10-26', slots: [] },
  ];
  const options = pollOptions({
    title: 'x',
    description: '',
    location: '',
    zone: 'Europe/Berlin',
    days,
    slotMinutes: 60,
  });

  it('reads the day with its weekday, as Intl’s en-US does', () => {
    expect(dayLabel('2026-10-25')).toBe('Sun, Oct 25, 2026');
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    for (let day = 0; day < 400; day += 13) {
      const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      expect(dayLabel(date)).toBe(intl.format(Date.parse(date)));
    }
  });

  it('reads a time as Intl’s en-US does, midnight and noon included', () => {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
    for (const [hours, minutes] of [
      [0, 0],
      [0, 5],
      [9, 30],
      [11, 59],
      [12, 0],
      [12, 45],
      [19, 0],
      [23, 59],
    ] as const) {
      expect(clockLabel(hours, minutes)).toBe(
        intl.format(Date.UTC(2026, 0, 1, hours, minutes)).replace(/\u202f/g, ' '),
      );
    }
  });

  it('gives a slot in the poll’s zone and the visitor’s, across the change from summer time', () => {
    // Berlin leaves summer time on Oct 25, New York only on Nov 1: 6 hours apart, then 5.
    expect(optionLabel(options[0]!, 'Europe/Berlin', clockIn('America/New_York'))).toEqual({
      heading: 'Sat, Oct 24, 2026',
      detail: '7:00 PM CEST, 1:00 PM your time',
    });
    expect(optionLabel(options[1]!, 'Europe/Berlin', clockIn('America/New_York')).detail).toBe(
      '7:00 PM CET, 2:00 PM your time',
    );
    expect(optionLabel(options[1]!, 'Europe/Berlin', clockIn('Europe/Paris')).detail).toBe('7:00 PM CET');
    expect(differsForVisitor(options[1]!, clockIn('Europe/Paris'))).toBe(false);
    expect(differsForVisitor(options[1]!, clockIn('America/New_York'))).toBe(true);
    expect(differsForVisitor(options[2]!, clockIn('America/New_York'))).toBe(false);
  });

  it('gives a slot in a zone the visitor picked, by that zone’s name, and only the poll’s time in the poll’s zone', () => {
    expect(optionLabel(options[1]!, 'Europe/Berlin', zoneViewer('Asia/Tokyo')).detail).toBe(
      '7:00 PM CET, 3:00 AM GMT+9',
    );
    expect(optionLabel(options[0]!, 'Europe/Berlin', zoneViewer('America/New_York')).detail).toBe(
      '7:00 PM CEST, 1:00 PM EDT',
    );
    expect(optionLabel(options[1]!, 'Europe/Berlin', zoneViewer('Europe/Berlin')).detail).toBe('7:00 PM CET');
    expect(differsForVisitor(options[1]!, zoneViewer('Europe/Berlin'))).toBe(false);
  });

  it('names the zone of a poll made before options carried the name', () => {
    const { zoneName, ...older } = options[1]!;
    expect(zoneName).toBe('CET');
    expect(optionLabel(older, 'Europe/Berlin', clockIn('Europe/Berlin')).detail).toBe('7:00 PM CET');
  });

  it('says the decision in one line, a whole day as all day', () => {
    expect(decisionLabel({ options, zone: 'Europe/Berlin', final: options[1]!.id }, clockIn('Europe/Berlin'))).toBe(
      'Sun, Oct 25, 2026, 7:00 PM CET',
    );
    expect(decisionLabel({ options, zone: 'Europe/Berlin', final: options[2]!.id }, clockIn('UTC'))).toBe(
      'Mon, Oct 26, 2026 (all day)',
    );
  });
});

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const slot: CalendarEvent = {
  uid: 'poll-game-night-1@drecoll.example',
  title: 'Game night',
  date: '2026-10-25',
  time: '19:00',
  durationMinutes: 120,
  zone: 'Europe/Berlin',
  now: NOW,
};

describe('the decision as a calendar event', () => {
  it('escapes text values', () => {
    expect(escapeText('Pizza, drinks; games\\more\nBring dice')).toBe('Pizza\\, drinks\\; games\\\\more\\nBring dice');
    // Every line break, a bare carriage return too, so no text ends the line it is on.
    expect(escapeText('one\r\ntwo\rthree\nfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('folds lines at 75 octets, never inside a character', () => {
    const line = `SUMMARY:${'a'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.map((part) => part.length)).toEqual([75, 34]);
    expect(folded[1]!.startsWith(' ')).toBe(true);
    expect(folded.join('').replace(/^(.{75}) /, '$1')).toBe(line);
    // Two-octet characters: a line of 40 'é' (80 octets) folds between characters.
    const accents = foldLine(`X:${'é'.repeat(40)}`);
    for (const part of accents.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(accents.replace(/\r\n /g, '')).toBe(`X:${'é'.repeat(40)}`);
  });

  it('writes a time slot as a timed event in the poll’s zone, its offset on that day', () => {
    const file = icsFile({ ...slot, description: 'Bring snacks, please', location: 'Anna’s; upstairs' });
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.split('\r\n').filter(Boolean)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Portfolio site//Scheduling polls//EN',
      'CALSCALE:GREGORIAN',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:poll-game-night-1@drecoll.example',
      'DTSTAMP:20261123T120000Z',
      'SUMMARY:Game night',
      'DTSTART;TZID=Europe/Berlin:20261025T190000',
      'DTEND;TZID=Europe/Berlin:20261025T210000',
      'DESCRIPTION:Bring snacks\\, please',
      'LOCATION:Anna’s\\; upstairs',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    // The day before, Berlin is still on summer time.
    expect(icsFile({ ...slot, date: '2026-10-24' })).toContain('TZOFFSETTO:+0200\r\nTZNAME:CEST');
  });

  it('writes a whole day as an all-day event', () => {
    const file = icsFile({ ...slot, time: undefined, date: '2026-12-31' });
    expect(file).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(file).not.toContain('VTIMEZONE');
  });

  it('links to Google Calendar and Outlook with the instants in UTC', () => {
    const google = new URL(googleCalendarLink(slot));
    expect(google.searchParams.get('dates')).toBe('20261025T180000Z/20261025T200000Z');
    expect(google.searchParams.get('text')).toBe('Game night');
    expect(google.searchParams.get('ctz')).toBe('Europe/Berlin');
    const outlook = new URL(outlookLink(slot));
    expect(outlook.searchParams.get('startdt')).toBe('2026-10-25T18:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-10-25T20:00:00.000Z');
    const allDay = new URL(outlookLink({ ...slot, time: undefined }));
    expect(allDay.searchParams.get('allday')).toBe('true');
    expect(new URL(googleCalendarLink({ ...slot, time: undefined })).searchParams.get('dates')).toBe(
      '20261025/20261026',
    );
  });
});
