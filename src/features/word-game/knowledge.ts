// What the guesses so far have shown, as one derivation both hard mode (hard-mode.ts: which hints
// a guess must use) and "What you know" (a summary in plain sentences for screen readers first)
// are built on. It follows the colour rules of logic.ts: a letter shown green or yellow N times in
// one guess is in the word at least N times; a grey copy of it in that same guess means exactly N
// (none, when it showed no green or yellow there); a yellow or grey copy of a letter in the word
// tells where it is not.
import { type Tile, WORD_LENGTH } from './logic.ts';

export interface LetterKnowledge {
  /** The fewest times it is in the word. */
  min: number;
  /** Whether `min` is the exact count (a grey copy was shown beside the others). */
  exact: boolean;
  /** The places (0 to 4) known not to hold it. */
  notAt: number[];
}

export interface Knowledge {
  /** The letter known in each place, if any (greens). */
  placed: (string | undefined)[];
  /** Each letter seen, in the order first seen. */
  letters: Map<string, LetterKnowledge>;
}

/** Derives what the coloured guesses show. */
export function knowledgeOf(guesses: readonly Tile[][]): Knowledge {
  const placed: (string | undefined)[] = Array<string | undefined>(WORD_LENGTH).fill(undefined);
  const letters = new Map<string, LetterKnowledge>();
  for (const tiles of guesses) {
    const shown = new Map<string, number>();
    const grey = new Set<string>();
    for (const [index, { key, color }] of tiles.entries()) {
      const letter = letters.get(key) ?? { min: 0, exact: false, notAt: [] };
      letters.set(key, letter);
      if (color === 'green') placed[index] = key;
      else if (!letter.notAt.includes(index)) letter.notAt.push(index);
      if (color === 'grey') grey.add(key);
      else shown.set(key, (shown.get(key) ?? 0) + 1);
    }
    for (const [key, letter] of letters) {
      const count = shown.get(key) ?? 0;
      if (grey.has(key)) {
        letter.min = count;
        letter.exact = true;
      } else if (count > letter.min) letter.min = count;
    }
  }
  for (const letter of letters.values()) letter.notAt.sort((a, b) => a - b);
  return { placed, letters };
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
const TIMES = ['', 'once', 'twice', 'three times', 'four times', 'five times'];

/** "R", "R or S", "R, S or T" (or "and"). */
export function listOf(items: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)!}`;
}

/**
 * What the guesses have shown, in plain sentences: "A is second; E is in the word but not fourth;
 * no R, S or T." Places known first (in the word's order), then letters found elsewhere (in the
 * order found), with their counts when more than one or known exactly, then the letters not in it.
 */
export function summarise(guesses: readonly Tile[][]): string {
  if (guesses.length === 0) return 'Nothing yet: make a guess.';
  const { placed, letters } = knowledgeOf(guesses);
  const parts: string[] = [];
  const places = new Map<string, number[]>();
  placed.forEach((key, index) => {
    if (key) places.set(key, [...(places.get(key) ?? []), index]);
  });
  for (const [key, at] of places) {
    parts.push(
      `${key} is ${listOf(
        at.map((index) => ORDINALS[index]!),
        'and',
      )}`,
    );
  }
  for (const [key, { min, exact, notAt }] of letters) {
    if (min === 0) continue;
    const greens = places.get(key)?.length ?? 0;
    const open = notAt.filter((index) => placed[index] !== key);
    const not = open.length > 0 ? ` but not ${listOf(open.map((index) => ORDINALS[index]!))}` : '';
    const count = exact ? `exactly ${TIMES[min]!}` : `at least ${TIMES[min]!}`;
    if (min > greens) {
      const times = min > 1 || exact ? `, ${count},` : '';
      const sentence = greens > 0 ? `${key} is in the word again${times}` : `${key} is in the word${times}`;
      parts.push(`${sentence}${not}`.replace(/,$/, ''));
    } else if (exact) parts.push(`${key} is in the word ${count}`);
  }
  const absent = [...letters].filter(([, { min, exact }]) => exact && min === 0).map(([key]) => key);
  if (absent.length > 0) parts.push(`no ${listOf(absent.sort())}`);
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
