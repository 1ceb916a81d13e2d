import { describe, expect, it } from 'vitest';
import { isTimeZone, offsetMinutes, utcToZoned, zonedToUtc } from './time-zones.ts';

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
});
