import { describe, expect, it } from 'vitest';
import { hardModeError } from './hard-mode.ts';
import { colourGuess } from './logic.ts';

const played = (secret: string, ...guesses: string[]) => guesses.map((guess) => colourGuess(guess, secret));

describe('hardModeError', () => {
  it('keeps a green letter in its place', () => {
    const guesses = played('CRANE', 'TRAIN');
    expect(hardModeError(guesses, 'BLAND')).toBe('2nd letter must be R');
    expect(hardModeError(guesses, 'GRAND')).toBeUndefined();
  });

  it('names the first place broken, in the order of the word', () => {
    expect(hardModeError(played('CRANE', 'CRAMP'), 'TRAIN')).toBe('1st letter must be C');
    expect(hardModeError(played('CRANE', 'BRINE'), 'BRINK')).toBe('5th letter must be E');
  });

  it('requires a yellow letter somewhere', () => {
    const guesses = played('CRANE', 'NORTH');
    expect(hardModeError(guesses, 'SLATE')).toBe('Guess must contain N');
    expect(hardModeError(guesses, 'INERT')).toBeUndefined();
  });

  it('asks for a letter as often as one guess showed it, not more', () => {
    // EERIE against LEVEE: E green twice and yellow once, so three Es are known.
    const guesses = played('LEVEE', 'EERIE');
    expect(guesses[0]!.map((tile) => tile.color)).toEqual(['yellow', 'green', 'grey', 'grey', 'green']);
    expect(hardModeError(guesses, 'BEFORE'.slice(0, 5))).toBe('5th letter must be E');
    expect(hardModeError(guesses, 'GEESE')).toBeUndefined();
    expect(hardModeError(guesses, 'SEDGE')).toBe('Guess must contain E');
    // A grey duplicate asks for nothing more: SPEED against ABIDE shows one E (yellow), one grey.
    const single = played('ABIDE', 'SPEED');
    expect(hardModeError(single, 'DEALT')).toBeUndefined();
  });

  it('takes hints from every earlier guess, and needs none before the first', () => {
    expect(hardModeError([], 'ZZZZZ')).toBeUndefined();
    const guesses = played('CRANE', 'SLATE', 'CHAMP');
    expect(hardModeError(guesses, 'CRAZE')).toBeUndefined();
    expect(hardModeError(guesses, 'CABIN')).toBe('3rd letter must be A');
  });
});
