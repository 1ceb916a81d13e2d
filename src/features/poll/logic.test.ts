import { describe, expect, it } from 'vitest';
import { poll } from '../../content/site.config.ts';
import {
  QUESTIONS,
  describeCount,
  describeTotal,
  formatShare,
  isClosed,
  optionIds,
  ownerAction,
  pollResults,
  resultsShown,
} from './logic.ts';

const open = { closedInConfig: false };
const closedInConfig = { closedInConfig: true };

describe('closing the poll', () => {
  it('is closed by the config whatever the store says, else by the store', () => {
    expect(isClosed(open, false)).toBe(false);
    expect(isClosed(open, true)).toBe(true);
    expect(isClosed(closedInConfig, false)).toBe(true);
    expect(isClosed(closedInConfig, true)).toBe(true);
  });

  it('offers the owner Close while open, Reopen once closed, and nothing when the config closes it', () => {
    expect(ownerAction(open, false)).toBe('close');
    expect(ownerAction(open, true)).toBe('reopen');
    expect(ownerAction(closedInConfig, true)).toBe('none');
  });

  it('shows the results to a browser that voted, to the owner, and to everyone once closed', () => {
    const cases = [
      [{ voted: false, owner: false, closed: false }, false],
      [{ voted: true, owner: false, closed: false }, true],
      [{ voted: false, owner: true, closed: false }, true],
      [{ voted: false, owner: false, closed: true }, true],
    ] as const;
    for (const [who, shown] of cases) expect(resultsShown(who), JSON.stringify(who)).toBe(shown);
  });
});

describe('the poll question', () => {
  it('is the site config’s, with an id per option, closed when the config says so', () => {
    expect(QUESTIONS[0]).toEqual({ text: poll.question, options: poll.options, closedInConfig: poll.closed === true });
    expect(optionIds(0)).toEqual(poll.options.map((_, index) => String(index)));
    expect(optionIds(1)).toEqual([]);
  });
});

/** One record per ticked option, as /api/poll/get-all-votes answers. */
const ballot = (name: string, ...options: number[]) =>
  options.map((option) => ({ inputtedName: name, numberVotedFor: String(option), questionNumber: 0 }));
const LAST = poll.options.length - 1;

describe('the poll results', () => {
  it('counts each option and the voters, whose shares may add up past 100%', () => {
    const results = pollResults(0, [...ballot('Ann', 0, LAST), ...ballot('Bo', LAST), ...ballot('Cy', 0)]);
    expect(results.voters).toBe(3);
    expect(results.options.map(({ option }) => option)).toEqual(poll.options);
    expect(results.options[0]).toEqual({ option: poll.options[0], count: 2, share: 2 / 3 });
    expect(results.options[LAST]).toEqual({ option: poll.options[LAST], count: 2, share: 2 / 3 });
    expect(results.options.reduce((sum, { share }) => sum + share, 0)).toBeGreaterThan(1);
  });

  it('has nothing to divide by when nobody voted', () => {
    const results = pollResults(0, []);
    expect(results.voters).toBe(0);
    expect(results.options).toEqual(poll.options.map((option) => ({ option, count: 0, share: 0 })));
  });

  it('leaves out other questions and ids the question does not offer, and counts a name once in any letter case', () => {
    const results = pollResults(0, [
      ...ballot('Ann', 0),
      { inputtedName: 'Bo', numberVotedFor: '0', questionNumber: 1 },
      { inputtedName: 'Cy', numberVotedFor: String(poll.options.length), questionNumber: 0 },
      { inputtedName: 'Di', numberVotedFor: '00', questionNumber: 0 },
      { inputtedName: 'ANN', numberVotedFor: String(LAST), questionNumber: 0 },
    ]);
    expect(results.voters).toBe(1);
    expect(results.options[0]!.count).toBe(1);
    expect(results.options[LAST]!.count).toBe(1);
  });

  it('has no question past the config’s', () => {
    expect(pollResults(1, ballot('Ann', 0))).toEqual({ voters: 0, options: [] });
  });
});

describe('the shares as the page shows them', () => {
  it.each([
    [0, 0, '0%'],
    [0, 5, '0%'],
    [1, 3, '33%'],
    [2, 3, '67%'],
    [1, 8, '13%'],
    [5, 5, '100%'],
    [1, 200, '1%'],
    [1, 201, '<1%'],
    [1, 1000, '<1%'],
    [199, 200, '>99%'],
    [989, 1000, '99%'],
    [999, 1000, '>99%'],
  ])('%i of %i voters is %s', (count, voters, shown) => {
    expect(formatShare(count, voters)).toBe(shown);
  });

  it('says each option’s count of the voters, and the total, in words with grouped digits', () => {
    expect(describeCount(3, 5)).toBe('3 of 5 voters (60%)');
    expect(describeCount(1, 1)).toBe('1 of 1 voter (100%)');
    expect(describeCount(0, 2)).toBe('0 of 2 voters (0%)');
    expect(describeCount(0, 0)).toBe('0 votes');
    expect(describeCount(1234, 2000)).toBe('1,234 of 2,000 voters (62%)');
    expect(describeTotal(0, false)).toBe('No votes yet');
    expect(describeTotal(0, true)).toBe('No votes');
    expect(describeTotal(1, false)).toBe('1 voter so far');
    expect(describeTotal(1500, true)).toBe('1,500 voters');
  });
});
