// What Share puts on the clipboard (as NYT Wordle's): a title with the score, then one row of
// squares per guess. It never names a letter, so it never gives the word away. And the same result
// in words, for screen readers, since a row of emoji reads badly.
import { puzzleNumber } from './daily.ts';
import { type Colour, MAX_TURNS } from './logic.ts';
import type { GameMode } from './stats.ts';

export interface SharedGame {
  mode: GameMode;
  /** The puzzle's day (for Daily). */
  day: number;
  won: boolean;
  /** The colours of each guess, in order. */
  rows: Colour[][];
  hardMode: boolean;
  highContrast: boolean;
  /** A friend's challenge: who set it. */
  challenger?: string;
}

const SQUARES: Record<'normal' | 'contrast', Record<Colour, string>> = {
  normal: { green: '🟩', yellow: '🟨', grey: '⬛' },
  contrast: { green: '🟧', yellow: '🟦', grey: '⬛' },
};

function title({ mode, day, won, rows, hardMode, challenger }: SharedGame): string {
  const score = `${won ? rows.length : 'X'}/${MAX_TURNS}${hardMode ? '*' : ''}`;
  if (challenger !== undefined) return `Word Game (${challenger}'s challenge) ${score}`;
  return mode === 'daily' ? `Word Game ${puzzleNumber(day)} ${score}` : `Word Game (practice) ${score}`;
}

/** The result as title and squares ("Word Game 23 4/6*", a * for hard mode, X for a loss). */
export function shareText(game: SharedGame): string {
  const squares = SQUARES[game.highContrast ? 'contrast' : 'normal'];
  return [title(game), '', ...game.rows.map((row) => row.map((colour) => squares[colour]).join(''))].join('\n');
}

/** The result in words: the score, then each guess as counts of letters placed and found. */
export function shareSummary(game: SharedGame): string {
  const outcome = game.won ? `solved in ${game.rows.length} of ${MAX_TURNS}` : `not solved in ${MAX_TURNS}`;
  const rows = game.rows.map((row, index) => {
    const count = (colour: Colour) => row.filter((each) => each === colour).length;
    return `Guess ${index + 1}: ${count('green')} in place, ${count('yellow')} elsewhere.`;
  });
  return [`${title(game)}: ${outcome}${game.hardMode ? ', hard mode' : ''}.`, ...rows].join(' ');
}
