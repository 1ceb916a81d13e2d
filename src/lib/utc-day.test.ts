import { describe, expect, it } from 'vitest';
import { secondsUntilReset, utcDay } from './utc-day.ts';

// The unit tests run in America/St_Johns (UTC-3:30 or -2:30): the day and its reset are UTC's.
const at = (iso: string) => Date.parse(iso);

describe('the UTC day', () => {
  it('is the UTC date, whatever the local time zone, and ends at the next 00:00 UTC', () => {
    expect(utcDay(at('2026-11-23T23:59:59.999Z'))).toEqual({
      day: '2026-11-23',
      endsAt: at('2026-11-24T00:00Z') / 1000,
    });
    expect(utcDay(at('2026-11-24T00:00:00.000Z')).day).toBe('2026-11-24');
    // 22:00 in St. John's on the 23rd is already the 24th in UTC.
    expect(utcDay(at('2026-11-23T22:00:00-03:30')).day).toBe('2026-11-24');
  });

  it('resets at the next 00:00 UTC, in whole seconds, at least 1', () => {
    expect(secondsUntilReset(at('2026-11-23T19:00:00Z'))).toBe(5 * 3600);
    expect(secondsUntilReset(at('2026-11-23T19:00:00.300Z'))).toBe(5 * 3600);
    expect(secondsUntilReset(at('2026-11-23T00:00:00Z'))).toBe(24 * 3600);
    expect(secondsUntilReset(at('2026-11-23T23:59:59.500Z'))).toBe(1);
  });
});
