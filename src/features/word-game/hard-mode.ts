// Hard mode (as NYT Wordle's): every hint revealed must be used in later guesses. A green letter
// stays in its place; a letter shown green or yellow is in every later guess, as many times as one
// earlier guess showed it (two E hints in one guess mean two Es). What the hints are is
// knowledge.ts's derivation, which "What you know" summarises too.
import { knowledgeOf } from './knowledge.ts';
import type { Tile } from './logic.ts';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];

/** Why `guess` ignores a hint of the earlier guesses ("2nd letter must be A", "Guess must contain R"), if it does. */
export function hardModeError(guesses: readonly Tile[][], guess: string): string | undefined {
  const letters = [...guess.toUpperCase()];
  const { placed, letters: known } = knowledgeOf(guesses);
  for (const [index, key] of placed.entries()) {
    if (key && letters[index] !== key) return `${ORDINALS[index]} letter must be ${key}`;
  }
  for (const [key, { min }] of known) {
    if (letters.filter((letter) => letter === key).length < min) return `Guess must contain ${key}`;
  }
  return undefined;
}
