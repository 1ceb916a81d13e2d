import { describe, expect, it } from 'vitest';
import { offsetMinutes, zonedToUtc } from '../../../lib/time-zones.ts';
import {
  slotLabel,
  timeInZone,
  type Viewer,
  clockLabel,
  dayLabel,
  decisionLabel,
  differsForVisitor,
  optionLabel,
  zoneViewer,
} from './logic.ts';
import { pollOptions } from '../poll/logic.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

describe('zoned time', () => {
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
