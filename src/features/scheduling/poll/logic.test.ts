import { describe, expect, it } from 'vitest';
import {
  POLL_KEPT_DAYS,
  keptUntil,
  MAX_POLL_OPTIONS,
  newPollProblem,
  pollOptions,
  anonymousVoter,
  displayName,
  nameTaken,
  bestOptions,
  nextAnswer,
  ranked,
  tally,
} from './logic.ts';
import type { NewPoll, Answer } from './schema.ts';

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
      [{ title: 'Games\nnight' }, 'The title must be plain text on one line.'],
      [{ title: 'Games\u202Enight' }, 'The title must be plain text on one line.'],
      [{ description: 'Bring dice\rEND:VEVENT' }, 'The description must be plain text.'],
      [{ description: 'Bring dice\u0000' }, 'The description must be plain text.'],
      [{ location: 'Hall\r\nB' }, 'The location must be plain text on one line.'],
      [{ zone: 'Mars/Base' }, 'Please pick a time zone from the list.'],
      [{ days: [] }, 'Please pick at least one date.'],
      [{ days: [{ date: '2026-02-30', slots: [] }] }, '2026-02-30 is not a date.'],
      [{ days: [{ date: '2026-11-22', slots: [] }] }, '2026-11-22 is in the past: pick today or a later date.'],
      [{ days: [{ date: '9999-12-31', slots: [] }] }, '9999-12-31 is too far ahead: pick a date within 2 years.'],
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
    expect(newPollProblem({ ...poll, description: 'Bring dice.\nAnd snacks.' }, NOW)).toBeUndefined();
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

  it('lets an edited poll keep its dates and times gone by, but add none', () => {
    const kept = pollOptions({ ...poll, days: [{ date: '2026-11-20', slots: ['18:00'] }] });
    const edited = (days: NewPoll['days']) => newPollProblem({ ...poll, days }, NOW, kept);
    expect(edited([{ date: '2026-11-20', slots: ['18:00'] }, ...poll.days])).toBeUndefined();
    expect(edited([{ date: '2026-11-20', slots: ['18:00', '19:00'] }])).toBe('2026-11-20 19:00 has already passed.');
    expect(edited([{ date: '2026-11-21', slots: [] }])).toBe('2026-11-21 is in the past: pick today or a later date.');
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

describe('voter identity', () => {
  it('prefixes anon_ to the trimmed name with whitespace runs turned into underscores', () => {
    expect(anonymousVoter('  Mary  Ann\tLee ')).toBe('anon_Mary_Ann_Lee');
  });

  it('shows a first name, else the username without anon_, else Unknown', () => {
    expect(displayName({ username: 'ada', firstName: ' Ada ' })).toBe('Ada');
    expect(displayName({ username: 'ada', firstName: '  ' })).toBe('ada');
    expect(displayName({ username: 'anon_Mary_Ann' })).toBe('Mary_Ann');
    expect(displayName(undefined)).toBe('Unknown');
    expect(displayName({ username: '' })).toBe('Unknown');
    expect(displayName({ username: '', firstName: 'Voter 3' })).toBe('Voter 3');
  });

  it('finds a taken name case-insensitively, with or without anon_', () => {
    const voters = ['anon_Mary_Ann', 'Bob'];
    expect(nameTaken('mary ann', voters)).toBe(true);
    expect(nameTaken(' BOB ', voters)).toBe(true);
    expect(nameTaken('Mary', voters)).toBe(false);
    expect(nameTaken('anon', voters)).toBe(false);
  });
});

const answers = (list: [string, Answer][]) => list.map(([optionId, answer]) => ({ optionId, answer }));

describe('ranking with if need be', () => {
  it('counts yes and if-need-be per option, ignoring options the poll does not offer', () => {
    expect(
      tally(
        ['a', 'b'],
        answers([
          ['a', 'yes'],
          ['a', 'ifNeedBe'],
          ['b', 'yes'],
          ['z', 'yes'],
        ]),
      ),
    ).toEqual([
      { optionId: 'a', yes: 1, ifNeedBe: 1 },
      { optionId: 'b', yes: 1, ifNeedBe: 0 },
    ]);
  });

  it('ranks yes above any number of if-need-be, then if-need-be, then the poll’s order', () => {
    const tallies = tally(
      ['mon', 'tue', 'wed', 'thu'],
      answers([
        ['mon', 'ifNeedBe'],
        ['mon', 'ifNeedBe'],
        ['mon', 'ifNeedBe'],
        ['tue', 'yes'],
        ['wed', 'yes'],
        ['wed', 'ifNeedBe'],
        ['thu', 'yes'],
      ]),
    );
    expect(ranked(tallies).map((each) => each.optionId)).toEqual(['wed', 'tue', 'thu', 'mon']);
    expect(bestOptions(tallies)).toEqual(['wed']);
  });

  it('names every option of a tie as best, and none before anyone answers', () => {
    const tie = tally(
      ['a', 'b', 'c'],
      answers([
        ['a', 'yes'],
        ['c', 'yes'],
      ]),
    );
    expect(bestOptions(tie)).toEqual(['a', 'c']);
    expect(bestOptions(tally(['a', 'b'], []))).toEqual([]);
    expect(bestOptions([])).toEqual([]);
  });

  it('cycles an answer on click: none, yes, if need be, none', () => {
    expect(nextAnswer(undefined)).toBe('yes');
    expect(nextAnswer('yes')).toBe('ifNeedBe');
    expect(nextAnswer('ifNeedBe')).toBeUndefined();
  });
});

describe('keeping a made poll', () => {
  const options = [
    { id: 's-20270301-1900', date: '2027-03-01' },
    { id: 'd-20270415', date: '2027-04-15' },
    { id: 's-20270310-1900', date: '2027-03-10' },
  ];
  it(`keeps it ${POLL_KEPT_DAYS} days after its last date, across a month and a year`, () => {
    expect(keptUntil({ options })).toBe('2027-07-14');
    expect(keptUntil({ options: [{ id: 'd-20271115', date: '2027-11-15' }] })).toBe('2028-02-13');
  });
  it("keeps a decided one from the picked option's date", () => {
    expect(keptUntil({ options, final: 's-20270301-1900' })).toBe('2027-05-30');
  });
});
