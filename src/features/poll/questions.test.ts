import { describe, expect, it } from 'vitest';
import { poll } from '../../content/site.config.ts';
import { QUESTIONS, optionIds } from './questions.ts';

describe('the poll question', () => {
  it('is the site config’s, with an id per option, closed when the config says so', () => {
    expect(QUESTIONS[0]).toEqual({ text: poll.question, options: poll.options, closedInConfig: poll.closed === true });
    expect(optionIds(0)).toEqual(poll.options.map((_, index) => String(index)));
    expect(optionIds(1)).toEqual([]);
  });
});
