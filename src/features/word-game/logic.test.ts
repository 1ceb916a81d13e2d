import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  beatsBest,
  bestScoreText,
  colourGuess,
  deleteLetter,
  describeTile,
  newGame,
  submitGuess,
  typeLetter,
  upgradeKeys,
} from './logic.ts';

/** Colours as a string: G green, Y yellow, - grey. */
const colours = (guess: string, secret: string) =>
  colourGuess(guess, secret)
    .map((tile) => ({ green: 'G', yellow: 'Y', grey: '-' })[tile.color])
    .join('');

const dictionary = new Set(['ABBEY', 'CRANE', 'SLATE', 'PLANT', 'GHOST', 'MOUSE', 'TRAIN', 'WATER']);
const isWord = (word: string) => dictionary.has(word.toUpperCase());

/** Types and submits each word in turn, clearing refused ones; returns the game and each refusal. */
function play(secret: string, ...words: string[]) {
  let game = newGame(secret);
  const errors: (string | undefined)[] = [];
  for (const word of words) {
    for (const letter of word) game = typeLetter(game, letter);
    const result = submitGuess(game, isWord);
    game = result.game;
    errors.push(result.error);
    if (result.error) for (let i = 0; i < word.length; i++) game = deleteLetter(game);
  }
  return { game, errors };
}

describe('colouring (SPEC section 4)', () => {
  it('marks the right letter in the right place green, elsewhere yellow, absent grey', () => {
    expect(colours('CRANE', 'CRANE')).toBe('GGGGG');
    expect(colours('SLATE', 'CRANE')).toBe('--G-G');
    expect(colours('NACRE', 'CRANE')).toBe('YYYYG');
  });

  it.each([
    // Secret ABBEY has one A, two Bs, one E and one Y.
    ['BABES', 'YYGG-'],
    ['KEBAB', '-YGYY'],
    ['ABYSS', 'GGY--'],
  ])('counts duplicates against unmatched letters: %s against ABBEY → %s', (guess, expected) => {
    expect(colours(guess, 'ABBEY')).toBe(expected);
  });

  it('never marks a letter more often than the secret has it', () => {
    expect(colours('EERIE', 'CRANE')).toBe('--Y-G');
    expect(colours('SPEED', 'ABIDE')).toBe('--Y-Y');
  });

  it('describes each tile in words, not only colour', () => {
    const [first, second, third] = colourGuess('SLATE', 'STEAL');
    expect(describeTile(first!)).toBe('S, correct position');
    expect(describeTile(second!)).toBe('L, in the word, wrong position');
    expect(describeTile({ key: 'Q', color: 'grey' })).toBe('Q, not in the word');
    expect(third!.color).toBe('yellow');
  });
});

describe('the keyboard', () => {
  it('only upgrades a key: grey, then yellow, then green', () => {
    let keys = upgradeKeys({}, [{ key: 'A', color: 'grey' }]);
    expect(keys.A).toBe('grey');
    keys = upgradeKeys(keys, [{ key: 'A', color: 'yellow' }]);
    expect(keys.A).toBe('yellow');
    keys = upgradeKeys(keys, [{ key: 'A', color: 'grey' }]);
    expect(keys.A).toBe('yellow');
    keys = upgradeKeys(keys, [{ key: 'A', color: 'green' }]);
    keys = upgradeKeys(keys, [{ key: 'A', color: 'yellow' }]);
    expect(keys.A).toBe('green');
  });

  it('takes letters A to Z only, up to five, uppercase; Backspace deletes', () => {
    let game = newGame('CRANE');
    for (const key of ['a', '1', 'é', 'Enter', ' ', 'b', 'C', 'd', 'e', 'f', 'g']) game = typeLetter(game, key);
    expect(game.current).toBe('ABCDE');
    game = deleteLetter(deleteLetter(game));
    expect(game.current).toBe('ABC');
  });
});

describe('guess checks (SPEC section 5)', () => {
  it('refuses short words, unknown words and repeats with the spec messages', () => {
    const { game, errors } = play('CRANE', 'SLAT', 'QQQQQ', 'SLATE', 'slate');
    expect(errors).toEqual([MESSAGES.length, MESSAGES.dictionary, undefined, MESSAGES.repeat]);
    expect(MESSAGES).toEqual({
      length: 'Word must be 5 letters long.',
      dictionary: 'Word not in dictionary.',
      repeat: 'You already tried that word.',
    });
    expect(game.turn).toBe(1);
    expect(game.guesses).toHaveLength(1);
  });

  it('checks the dictionary case-insensitively', () => {
    expect(play('CRANE', 'plant').errors).toEqual([undefined]);
  });
});

describe('winning and losing', () => {
  it('wins when the guess is the secret, colouring the keyboard on the way', () => {
    const { game } = play('CRANE', 'SLATE', 'CRANE');
    expect(game.status).toBe('won');
    expect(game.turn).toBe(2);
    expect(game.usedKeys).toMatchObject({ S: 'grey', A: 'green', C: 'green', E: 'green' });
  });

  it('loses after six turns without a win, and takes no more input', () => {
    const { game } = play('CRANE', 'SLATE', 'PLANT', 'GHOST', 'MOUSE', 'TRAIN', 'WATER');
    expect(game.status).toBe('lost');
    expect(game.turn).toBe(6);
    expect(typeLetter(game, 'A')).toBe(game);
    expect(submitGuess({ ...game, current: 'CRANE' }, isWord).game.turn).toBe(6);
  });
});

describe('scores', () => {
  it('words the best score as the spec does', () => {
    expect(bestScoreText(3, true)).toBe('Your best score is 3 turn(s).');
    expect(bestScoreText(1, true)).toBe('Your best score is 1 turn(s).');
    expect(bestScoreText(7, true)).toBe('You have not won a game yet.');
    expect(bestScoreText(undefined, true)).toBe('You have not won a game yet.');
    expect(bestScoreText(3, false)).toBe('Login to keep track of your scores.');
  });

  it('saves a win only when it beats the best', () => {
    expect(beatsBest(3, 7)).toBe(true);
    expect(beatsBest(3, 4)).toBe(true);
    expect(beatsBest(4, 4)).toBe(false);
    expect(beatsBest(6, undefined)).toBe(true);
  });
});
