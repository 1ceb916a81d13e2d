import { describe, expect, it } from 'vitest';
import { QUESTIONS, tally } from './questions.ts';

describe('the poll question', () => {
  it('has the spec texts', () => {
    expect(QUESTIONS[0]).toEqual({
      text: 'Should the 3QB maximum limit remain?',
      options: ['Stay 2QB League remove 3QB limit', 'Stay 2QB league, keep 3qb limit', 'Change to 1QB League'],
    });
  });

  it('tallies one count per selected option, ignoring other questions and unknown options', () => {
    const vote = (numberVotedFor: string, questionNumber = 0) => ({ numberVotedFor, questionNumber });
    expect(tally(0, [vote('0'), vote('2'), vote('2'), vote('1', 1), vote('7')])).toEqual([1, 0, 2]);
  });
});
