import { describe, expect, it } from 'vitest';
import { DATE_POLL, TIME_SLOTS, TIME_SLOT_POLLS } from '../../content/polls.ts';
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
} from './spec-polls.ts';

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
