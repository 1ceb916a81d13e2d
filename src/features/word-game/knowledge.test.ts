import { describe, expect, it } from 'vitest';
import { knowledgeOf, listOf, summarise } from './knowledge.ts';
import { colourGuess } from './logic.ts';

const played = (secret: string, ...guesses: string[]) => guesses.map((guess) => colourGuess(guess, secret));

describe('what the guesses have shown', () => {
  it('says nothing is known before the first guess', () => {
    expect(summarise([])).toBe('Nothing yet: make a guess.');
  });

  it('names places, letters found elsewhere (and where they are not) and letters not in the word', () => {
    expect(summarise(played('CRANE', 'TRAIN'))).toBe(
      'R is second; A is third; N is in the word but not fifth; no I or T.',
    );
  });

  it('lists places in the order of the word and letters not in it alphabetically, with "or"', () => {
    expect(summarise(played('CRANE', 'SLATE', 'CHAMP'))).toBe(
      'C is first; A is third; E is fifth; no H, L, M, P, S or T.',
    );
  });

  it('joins every place a yellow or a grey copy ruled out, across guesses', () => {
    expect(summarise(played('HEART', 'TREND', 'STAIR'))).toBe(
      'A is third; T is in the word but not first or second; R is in the word but not second or fifth; E is in the word but not third; no D, I, N or S.',
    );
  });

  it('counts repeated letters as the colour rules do: a grey copy beside a found one means exactly that many', () => {
    // SPEED against ABIDE: one E yellow, the other grey: one E, not third or fourth; S and P absent.
    expect(summarise(played('ABIDE', 'SPEED'))).toBe(
      'E is in the word, exactly once, but not third or fourth; D is in the word but not fifth; no P or S.',
    );
    // BOBBY against ABBEY: a B green, a B yellow, a B grey: exactly two Bs.
    expect(summarise(played('ABBEY', 'BOBBY'))).toBe(
      'B is third; Y is fifth; B is in the word again, exactly twice, but not first or fourth; no O.',
    );
    // EERIE against HEART: one E green, the other two grey: that E is the only one.
    expect(summarise(played('HEART', 'EERIE'))).toBe(
      'E is second; E is in the word exactly once; R is in the word but not third; no I.',
    );
  });

  it('keeps the most copies one guess showed, "at least" while no grey copy bounds them', () => {
    expect(summarise(played('LEVEE', 'EERIE'))).toBe(
      'E is second and fifth; E is in the word again, at least three times, but not first; no I or R.',
    );
    const { letters } = knowledgeOf(played('LEVEE', 'EERIE', 'LEVER'));
    expect(letters.get('E')).toEqual({ min: 3, exact: false, notAt: [0] });
  });

  it('does not call a letter absent that a later guess found', () => {
    // MOTEL's E is yellow, APPLE's green: E is never called absent, and P's second copy counts.
    const guesses = played('AMPLE', 'MOTEL', 'APPLE');
    expect(summarise(guesses)).not.toMatch(/no .*\bE\b/);
  });

  it('joins lists with commas and a last "or" or "and"', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['R'])).toBe('R');
    expect(listOf(['R', 'S'])).toBe('R or S');
    expect(listOf(['R', 'S', 'T'])).toBe('R, S or T');
    expect(listOf(['second', 'fifth'], 'and')).toBe('second and fifth');
  });
});
