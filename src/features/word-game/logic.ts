// The word game's rules (SPEC sections 3, 4, 5, 9), pure so they are tested without a browser.

import { MAX_TURNS, NEVER_WON } from './stats.ts';

export { MAX_TURNS };
export const WORD_LENGTH = 5;

export type Colour = 'green' | 'yellow' | 'grey';

export interface Tile {
  key: string;
  color: Colour;
}

export interface Game {
  secret: string;
  /** Guesses made so far (0 to 6). */
  turn: number;
  /** The accepted guesses, coloured. */
  guesses: Tile[][];
  /** The letters typed for the next guess. */
  current: string;
  /** The best colour seen for each letter, for the keyboard. */
  usedKeys: Record<string, Colour>;
  status: 'playing' | 'won' | 'lost';
}

export const MESSAGES = {
  length: 'Word must be 5 letters long.',
  dictionary: 'Word not in dictionary.',
  repeat: 'You already tried that word.',
} as const;

/** What a challenge link's player is told when it holds no word of the game (challenge.ts). */
export const INVALID_CHALLENGE = 'This challenge link holds no word of the game: ask your friend for a new one.';

/** Starts a game for `secret`. */
export function newGame(secret: string): Game {
  return { secret: secret.toUpperCase(), turn: 0, guesses: [], current: '', usedKeys: {}, status: 'playing' };
}

/**
 * Colours a guess: green for the right letter in the right place; yellow for a letter found
 * elsewhere in the secret, counted against the secret's letters not already matched (so a letter
 * is never marked more often than the secret has it); grey otherwise.
 */
export function colourGuess(guess: string, secret: string): Tile[] {
  const letters = [...guess.toUpperCase()];
  const remaining = [...secret.toUpperCase()];
  const colours: Colour[] = letters.map((letter, index) => {
    if (remaining[index] !== letter) return 'grey';
    remaining[index] = '';
    return 'green';
  });
  letters.forEach((letter, index) => {
    if (colours[index] === 'green') return;
    const found = remaining.indexOf(letter);
    if (found === -1) return;
    colours[index] = 'yellow';
    remaining[found] = '';
  });
  return letters.map((key, index) => ({ key, color: colours[index]! }));
}

const RANK: Record<Colour, number> = { grey: 1, yellow: 2, green: 3 };

/** Updates the keyboard's colours with a coloured guess; a key's colour only ever upgrades. */
export function upgradeKeys(usedKeys: Record<string, Colour>, tiles: Tile[]): Record<string, Colour> {
  const next = { ...usedKeys };
  for (const { key, color } of tiles) {
    const known = next[key];
    if (!known || RANK[color] > RANK[known]) next[key] = color;
  }
  return next;
}

/** Types a letter (A to Z only, up to five, shown uppercase); other keys change nothing. */
export function typeLetter(game: Game, key: string): Game {
  if (game.status !== 'playing' || !/^[a-z]$/i.test(key) || game.current.length >= WORD_LENGTH) return game;
  return { ...game, current: game.current + key.toUpperCase() };
}

/** Deletes the last typed letter. */
export function deleteLetter(game: Game): Game {
  if (game.status !== 'playing' || game.current === '') return game;
  return { ...game, current: game.current.slice(0, -1) };
}

/** Says why the current guess cannot be played, or undefined when it can. */
export function checkGuess(game: Game, isWord: (word: string) => boolean): string | undefined {
  if (game.current.length !== WORD_LENGTH) return MESSAGES.length;
  if (!isWord(game.current)) return MESSAGES.dictionary;
  if (game.guesses.some((tiles) => tiles.map((tile) => tile.key).join('') === game.current)) return MESSAGES.repeat;
  return undefined;
}

/**
 * Plays the current guess when it passes the checks: adds a coloured row, counts the turn,
 * upgrades the keyboard, and decides won or lost. Returns the game and the refusal, if any.
 */
export function submitGuess(game: Game, isWord: (word: string) => boolean): { game: Game; error?: string } {
  if (game.status !== 'playing' || game.turn >= MAX_TURNS) return { game };
  const error = checkGuess(game, isWord);
  if (error) return { game, error };
  const tiles = colourGuess(game.current, game.secret);
  const turn = game.turn + 1;
  const won = game.current === game.secret;
  return {
    game: {
      ...game,
      turn,
      guesses: [...game.guesses, tiles],
      current: '',
      usedKeys: upgradeKeys(game.usedKeys, tiles),
      status: won ? 'won' : turn >= MAX_TURNS ? 'lost' : 'playing',
    },
  };
}

/** Describes a tile for screen readers, e.g. 'S, correct position'. */
export function describeTile({ key, color }: Tile): string {
  const state = { green: 'correct position', yellow: 'in the word, wrong position', grey: 'not in the word' }[color];
  return `${key}, ${state}`;
}

/** Says "N turn(s)", the spec's exact wording for one turn or many. */
export function turns(count: number): string {
  return `${count} turn(s)`;
}

/** The line under the board about the player's best score (SPEC section 9). */
export function bestScoreText(best: number | undefined, loggedIn: boolean): string {
  if (!loggedIn) return 'Login to keep track of your scores.';
  if (best === undefined || best > MAX_TURNS) return 'You have not won a game yet.';
  return `Your best score is ${turns(best)}.`;
}

/** Answers whether a win in `turn` turns beats the best score and should be saved. */
export function beatsBest(turn: number, best: number | undefined): boolean {
  return turn < (best ?? NEVER_WON);
}
