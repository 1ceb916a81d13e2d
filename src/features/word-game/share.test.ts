import { describe, expect, it } from 'vitest';
import { FIRST_DAY } from './daily.ts';
import { colourGuess } from './logic.ts';
import { type SharedGame, shareSummary, shareText } from './share.ts';

const rows = (secret: string, ...guesses: string[]) =>
  guesses.map((guess) => colourGuess(guess, secret).map((tile) => tile.color));

const win: SharedGame = {
  mode: 'daily',
  day: FIRST_DAY + 22,
  won: true,
  rows: rows('CRANE', 'SLATE', 'TRAIN', 'CRANE'),
  hardMode: false,
  highContrast: false,
};

describe('the shared result', () => {
  it('gives a win as the puzzle, the score and a row of squares per guess', () => {
    expect(shareText(win)).toBe('Word Game 23 3/6\n\n⬛⬛🟩⬛🟩\n⬛🟩🟩⬛🟨\n🟩🟩🟩🟩🟩');
  });

  it('names whose challenge a challenge was', () => {
    expect(shareText({ ...win, mode: 'practice', challenger: 'Ana' })).toBe(
      "Word Game (Ana's challenge) 3/6\n\n⬛⬛🟩⬛🟩\n⬛🟩🟩⬛🟨\n🟩🟩🟩🟩🟩",
    );
  });

  it('marks a loss with X and hard mode with *, and a practice game as such', () => {
    const lost: SharedGame = {
      ...win,
      mode: 'practice',
      won: false,
      hardMode: true,
      rows: rows('CRANE', 'SLATE', 'TRAIN', 'BRINE', 'GRACE', 'DRAPE', 'PRANK'),
    };
    expect(shareText(lost).split('\n')[0]).toBe('Word Game (practice) X/6*');
    expect(shareText(lost).split('\n')).toHaveLength(8);
  });

  it('uses orange and blue in high contrast', () => {
    expect(
      shareText({ ...win, highContrast: true })
        .split('\n')
        .at(-2),
    ).toBe('⬛🟧🟧⬛🟦');
  });

  it('never gives away a letter of the word or of a guess', () => {
    for (const game of [win, { ...win, won: false }]) {
      // Past its title ("Word Game 23 3/6"), only squares.
      expect(shareText(game).split('\n').slice(1).join('')).toMatch(/^[⬛🟩🟨]+$/u);
      expect(shareSummary(game)).not.toMatch(/CRANE|SLATE|TRAIN/i);
    }
  });

  it('says the result in words for screen readers', () => {
    expect(shareSummary({ ...win, hardMode: true })).toBe(
      'Word Game 23 3/6*: solved in 3 of 6, hard mode. Guess 1: 2 in place, 0 elsewhere. Guess 2: 2 in place, 1 elsewhere. Guess 3: 5 in place, 0 elsewhere.',
    );
  });
});
