import { describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '../../content/polls.ts';
import {
  anonymousVoter,
  configuredItems,
  configuredPollItems,
  dateOfOption,
  dateOptionName,
  displayName,
  inConfigOrder,
  itemId,
  nameTaken,
  pollDates,
  splitItemName,
} from './polls.ts';

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
  });

  it('finds a taken name case-insensitively, with or without anon_', () => {
    const voters = ['anon_Mary_Ann', 'Bob'];
    expect(nameTaken('mary ann', voters)).toBe(true);
    expect(nameTaken(' BOB ', voters)).toBe(true);
    expect(nameTaken('Mary', voters)).toBe(false);
    expect(nameTaken('anon', voters)).toBe(false);
  });
});

describe('schedule items and dates', () => {
  it('names items <date>_<time>, splits them back, and gives stable ids', () => {
    expect(splitItemName('08/27_6:30 PM')).toEqual({ date: '08/27', time: '6:30 PM' });
    expect(itemId('08/27_6:30 PM')).toBe('0827-630pm');
    const ids = configuredItems().map((item) => item._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hides 09/03 from ragnarok only', () => {
    expect(pollDates('defense')).toEqual(['08/27', '08/28', '09/01', '09/02', '09/03']);
    expect(pollDates('ragnarok')).toEqual(['08/27', '08/28', '09/01', '09/02']);
    expect(configuredPollItems('ragnarok').length).toBe(configuredItems().length - TIME_SLOTS['09/03']!.length);
  });

  it('adds and removes the _DATE suffix', () => {
    expect(dateOptionName('07/03/2026')).toBe('07/03/2026_DATE');
    expect(dateOfOption('07/03/2026_DATE')).toBe('07/03/2026');
  });

  it('orders by the config, unknown names last by name', () => {
    expect(inConfigOrder(['z', 'b', 'a', 'y'], (name) => name, ['b', 'a'])).toEqual(['b', 'a', 'y', 'z']);
  });
});
