import { describe, expect, it } from 'vitest';
import { MAX_POLL_OPTIONS, type NewPoll, newPollProblem, pollOptions } from './new-poll.ts';

// 23 November 2026, 12:00 UTC: 13:00 in Berlin.
const NOW = Date.UTC(2026, 10, 23, 12);
const poll: NewPoll = {
  title: 'Game night',
  description: '',
  location: '',
  zone: 'Europe/Berlin',
  days: [
    { date: '2026-11-28', slots: ['19:00', '18:00'] },
    { date: '2026-11-27', slots: [] },
  ],
  slotMinutes: 120,
};

describe('a new poll', () => {
  it('offers a day as one option and each slot as another, in date and time order', () => {
    expect(newPollProblem(poll, NOW)).toBeUndefined();
    expect(pollOptions(poll)).toEqual([
      { id: 'd-20261127', date: '2026-11-27' },
      { id: 's-20261128-1800', date: '2026-11-28', time: '18:00', start: Date.UTC(2026, 10, 28, 17), zoneName: 'CET' },
      { id: 's-20261128-1900', date: '2026-11-28', time: '19:00', start: Date.UTC(2026, 10, 28, 18), zoneName: 'CET' },
    ]);
  });

  it('says what is wrong, in words a person can act on', () => {
    const cases: [Partial<NewPoll>, string][] = [
      [{ title: '   ' }, 'Please give the poll a title.'],
      [{ title: 'x'.repeat(101) }, 'The title must be at most 100 characters.'],
      [{ description: 'x'.repeat(1001) }, 'The description must be at most 1000 characters.'],
      [{ location: 'x'.repeat(201) }, 'The location must be at most 200 characters.'],
      [{ zone: 'Mars/Base' }, 'Please pick a time zone from the list.'],
      [{ days: [] }, 'Please pick at least one date.'],
      [{ days: [{ date: '2026-02-30', slots: [] }] }, '2026-02-30 is not a date.'],
      [{ days: [{ date: '2026-11-22', slots: [] }] }, '2026-11-22 is in the past: pick today or a later date.'],
      [
        {
          days: [
            { date: '2026-12-01', slots: [] },
            { date: '2026-12-01', slots: [] },
          ],
        },
        '2026-12-01 is picked twice.',
      ],
      [{ days: [{ date: '2026-12-01', slots: ['7pm'] }] }, '7pm is not a time: use hours and minutes, such as 19:30.'],
      [{ days: [{ date: '2026-12-01', slots: ['19:00', '19:00'] }] }, '2026-12-01 has 19:00 twice.'],
      // Today is fine, but not a slot of today already gone (12:30 in Berlin is before 13:00 there).
      [{ days: [{ date: '2026-11-23', slots: ['12:30'] }] }, '2026-11-23 12:30 has already passed.'],
      [{ slotMinutes: 10 }, 'A slot lasts from 15 minutes to 12 hours.'],
      [{ slotMinutes: 721 }, 'A slot lasts from 15 minutes to 12 hours.'],
    ];
    for (const [change, problem] of cases) expect(newPollProblem({ ...poll, ...change }, NOW), problem).toBe(problem);
    expect(newPollProblem({ ...poll, days: [{ date: '2026-11-23', slots: ['13:30'] }] }, NOW)).toBeUndefined();
    // A day without slots needs no slot length.
    expect(newPollProblem({ ...poll, days: [{ date: '2026-11-23', slots: [] }], slotMinutes: 0 }, NOW)).toBeUndefined();
  });

  it(`offers at most ${MAX_POLL_OPTIONS} options`, () => {
    const slots = Array.from({ length: 12 }, (_, hour) => `${String(hour + 8).padStart(2, '0')}:00`);
    const days = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ date: `2026-12-${String(index + 1).padStart(2, '0')}`, slots }));
    expect(newPollProblem({ ...poll, days: days(5) }, NOW)).toBeUndefined();
    expect(newPollProblem({ ...poll, days: days(6) }, NOW)).toBe(
      'A poll can offer at most 60 options; this one has 72.',
    );
  });

  it('judges "today" in the poll’s zone, not the server’s', () => {
    // 23:30 UTC on 23 November is already 24 November in Tokyo: the 23rd is past there.
    const lateNight = Date.UTC(2026, 10, 23, 23, 30);
    const day = [{ date: '2026-11-23', slots: [] }];
    expect(newPollProblem({ ...poll, zone: 'Asia/Tokyo', days: day }, lateNight)).toBe(
      '2026-11-23 is in the past: pick today or a later date.',
    );
    expect(newPollProblem({ ...poll, zone: 'America/New_York', days: day }, lateNight)).toBeUndefined();
  });
});
