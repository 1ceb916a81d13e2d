import { describe, expect, it } from 'vitest';
import { type Answer, bestOptions, nextAnswer, ranked, tally } from './ranking.ts';

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
