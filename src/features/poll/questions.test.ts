import { describe, expect, it } from 'vitest';
import { poll } from '../../content/site.config.ts';
import { QUESTIONS, optionIds, tally } from './questions.ts';

describe('the poll question', () => {
  it('is the site config’s, with an id per option', () => {
    expect(QUESTIONS[0]).toEqual({ text: poll.question, options: poll.options });
    expect(optionIds(0)).toEqual(poll.options.map((_, index) => String(index)));
    expect(optionIds(1)).toEqual([]);
  });

  it('tallies one count per selected option, ignoring other questions and unknown options', () => {
    const vote = (numberVotedFor: string, questionNumber = 0) => ({ numberVotedFor, questionNumber });
    const last = String(poll.options.length - 1);
    const expected = poll.options.map((_, index) => (index === 0 ? 1 : 0));
    expected[poll.options.length - 1]! += 2;
    expect(tally(0, [vote('0'), vote(last), vote(last), vote('1', 1), vote('99')])).toEqual(expected);
  });
});
