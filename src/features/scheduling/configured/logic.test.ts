import { describe, expect, it } from 'vitest';
import { DATE_POLL, TIME_SLOTS, TIME_SLOT_POLLS } from '../../../content/polls.ts';
import {
  TIME_SLOT_POLL_IDS,
  clockTime,
  configuredDateOptions,
  configuredItems,
  configuredPollItems,
  dateOfOption,
  dateOptionName,
  dateOptionOf,
  isTimeSlotPoll,
  itemId,
  pollDates,
  scheduleItemOf,
  specPoll,
  specPolls,
  splitItemName,
} from './logic.ts';
import { DROP_CONFIRMATIONS, consoleMessage } from './components/scheduling-console.ts';

describe('schedule items and dates', () => {
  it('knows the configured time-slot polls by their own ids only, never by a name every object has', () => {
    for (const id of Object.keys(TIME_SLOT_POLLS)) expect(isTimeSlotPoll(id)).toBe(true);
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(isTimeSlotPoll(id)).toBe(false);
  });

  it('names items <date>_<time>, splits them back, and gives stable ids', () => {
    expect(splitItemName('08/27_6:30 PM')).toEqual({ date: '08/27', time: '6:30 PM' });
    expect(itemId('08/27_6:30 PM')).toBe('0827-630pm');
    const ids = configuredItems().map((item) => item._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hides each poll its hidden dates, and only those', () => {
    for (const pollId of TIME_SLOT_POLL_IDS) {
      const hidden: readonly string[] = TIME_SLOT_POLLS[pollId].hiddenDates;
      expect(pollDates(pollId)).toEqual(Object.keys(TIME_SLOTS).filter((date) => !hidden.includes(date)));
      const hiddenSlots = hidden.reduce((sum, date) => sum + TIME_SLOTS[date]!.length, 0);
      expect(configuredPollItems(pollId).length).toBe(configuredItems().length - hiddenSlots);
    }
  });

  it('adds and removes the _DATE suffix', () => {
    expect(dateOptionName('07/03/2026')).toBe('07/03/2026_DATE');
    expect(dateOfOption('07/03/2026_DATE')).toBe('07/03/2026');
  });

  it("reads the config's spoken times as a 24-hour clock, and refuses other shapes", () => {
    expect(clockTime('6:30 PM')).toBe('18:30');
    expect(clockTime('12:00 PM')).toBe('12:00');
    expect(clockTime('12:15 AM')).toBe('00:15');
    expect(() => clockTime('18:30')).toThrow(/h:mm AM/);
  });
});

describe('the configured polls as polls of the model', () => {
  it('makes one poll per configured poll, taking yes answers only', () => {
    expect(specPolls().map((poll) => poll.id)).toEqual([...TIME_SLOT_POLL_IDS, DATE_POLL.id]);
    expect(specPolls().every((poll) => poll.yesOnly)).toBe(true);
    expect(specPoll('no-such-poll')).toBeUndefined();
  });

  it('makes them once per process: a read does not work out their instants again', () => {
    expect(specPolls()).toBe(specPolls());
  });

  it("keeps each time-slot poll's schedule items: the same ids, and the same names back", () => {
    for (const pollId of TIME_SLOT_POLL_IDS) {
      const poll = specPoll(pollId)!;
      expect(poll.title).toBe(TIME_SLOT_POLLS[pollId].title);
      expect(poll.options.map(scheduleItemOf)).toEqual(configuredPollItems(pollId));
      expect(poll.options.every((option) => option.start! > 0 && option.zoneName)).toBe(true);
    }
  });

  it("keeps the date poll's options: their names and descriptions", () => {
    const poll = specPoll(DATE_POLL.id)!;
    expect(poll.options.map(dateOptionOf)).toEqual(configuredDateOptions());
    expect(poll.options.map((option) => option.id)).toEqual(configuredDateOptions().map((option) => option.name));
    expect(poll.options.every((option) => /^\d{4}-\d{2}-\d{2}$/.test(option.date) && !option.time)).toBe(true);
  });
});

describe('the console alert', () => {
  it('words a success with its counts and message', () => {
    expect(
      consoleMessage('create-schedule-items', {
        answered: true,
        ok: true,
        body: { status: 'Success', created: 35, message: '35 time slots are configured.' },
      }),
    ).toEqual({ text: 'Success: create-schedule-items (Created: 35 items) - 35 time slots are configured.', ok: true });
    expect(
      consoleMessage('drop-schedule-polls', { answered: true, ok: true, body: { status: 'Success', deleted: 0 } }),
    ).toEqual({ text: 'Success: drop-schedule-polls (Deleted: 0 items)', ok: true });
  });

  it('words a refusal with the error and message', () => {
    expect(
      consoleMessage('create-schedule-polls', {
        answered: true,
        ok: false,
        body: {
          status: 'Failed',
          error: 'There are no schedule items yet.',
          message: 'Create the schedule items first.',
        },
      }),
    ).toEqual({
      text: 'Failed: create-schedule-polls - There are no schedule items yet. - Create the schedule items first.',
      ok: false,
    });
    expect(consoleMessage('x', { answered: true, ok: false, body: {} })).toEqual({ text: 'Failed: x', ok: false });
  });

  it('words a network error with its reason or Unknown error', () => {
    expect(consoleMessage('x', { answered: false, reason: 'Failed to fetch' }).text).toBe('Error: x - Failed to fetch');
    expect(consoleMessage('x', { answered: false })).toEqual({ text: 'Error: x - Unknown error', ok: false });
  });
});

describe('the drop confirmations', () => {
  it('name what each drop deletes, and only the drops ask', () => {
    expect(Object.keys(DROP_CONFIRMATIONS).sort()).toEqual([
      'drop-schedule-date-items',
      'drop-schedule-items',
      'drop-schedule-polls',
    ]);
    expect(DROP_CONFIRMATIONS['drop-schedule-items']!.text).toMatch(/every time slot .* every vote/);
    expect(DROP_CONFIRMATIONS['drop-schedule-polls']!.text).toMatch(/every vote .* The time slots stay/);
    expect(DROP_CONFIRMATIONS['drop-schedule-date-items']!.text).toMatch(
      /every date of the reunion poll and every vote/,
    );
  });
});
