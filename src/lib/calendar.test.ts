import { describe, expect, it } from 'vitest';
import { type CalendarEvent, escapeText, foldLine, googleCalendarLink, icsFile, outlookLink } from './calendar.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const slot: CalendarEvent = {
  product: 'Scheduling polls',
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
