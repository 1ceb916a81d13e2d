// Hard mode (as NYT Wordle's): every hint revealed must be used in later guesses. A green letter
// stays in its place; a letter shown green or yellow is in every later guess, as many times as one
// earlier guess showed it (two E hints in one guess mean two Es).
import type { Tile } from './logic.ts';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];

/** Why `guess` ignores a hint of the earlier guesses ("2nd letter must be A", "Guess must contain R"), if it does. */
export function hardModeError(guesses: readonly Tile[][], guess: string): string | undefined {
  const letters = [...guess.toUpperCase()];
  for (const tiles of guesses) {
    for (const [index, tile] of tiles.entries()) {
      if (tile.color === 'green' && letters[index] !== tile.key) return `${ORDINALS[index]} letter must be ${tile.key}`;
    }
  }
  for (const tiles of guesses) {
    const shown = new Map<string, number>();
    for (const { key, color } of tiles) if (color !== 'grey') shown.set(key, (shown.get(key) ?? 0) + 1);
    for (const [key, count] of shown) {
      if (letters.filter((letter) => letter === key).length < count) return `Guess must contain ${key}`;
    }
  }
  return undefined;
}
