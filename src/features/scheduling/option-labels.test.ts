import { describe, expect, it } from 'vitest';
import { pollOptions } from './new-poll.ts';
import { dayLabel, decisionLabel, optionLabel } from './option-labels.ts';

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

  it('reads the day with its weekday', () => {
    expect(dayLabel('2026-10-25')).toBe('Sun, Oct 25, 2026');
  });

  it('gives a slot in the poll’s zone and the visitor’s, across the change from summer time', () => {
    // Berlin leaves summer time on Oct 25, New York only on Nov 1: 6 hours apart, then 5.
    expect(optionLabel(options[0]!, 'Europe/Berlin', 'America/New_York')).toEqual({
      heading: 'Sat, Oct 24, 2026',
      detail: '7:00 PM CEST, 1:00 PM your time',
    });
    expect(optionLabel(options[1]!, 'Europe/Berlin', 'America/New_York').detail).toBe('7:00 PM CET, 2:00 PM your time');
    expect(optionLabel(options[1]!, 'Europe/Berlin', 'Europe/Paris').detail).toBe('7:00 PM CET');
  });

  it('says the decision in one line, a whole day as all day', () => {
    expect(decisionLabel({ options, zone: 'Europe/Berlin', final: options[1]!.id }, 'Europe/Berlin')).toBe(
      'Sun, Oct 25, 2026, 7:00 PM CET',
    );
    expect(decisionLabel({ options, zone: 'Europe/Berlin', final: options[2]!.id }, 'UTC')).toBe(
      'Mon, Oct 26, 2026 (all day)',
    );
  });
});
