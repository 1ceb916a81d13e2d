// The word game's state and actions (SPEC sections 4, 5, 7, 9): the game, the screen reader's
// announcement of each guess, and the player's best score, saved when a win beats it. The rules
// are logic.ts's; a refused move is reported to the caller, which shows the toast.
import { atom, onMount, task } from 'nanostores';
import { $username } from '../../platform/session.ts';
import { NEVER_WON } from '../../lib/scores.ts';
import { recordWordGameScore } from './api-client.ts';
import { loadDictionary } from './dictionary.ts';
import {
  type Game,
  MAX_TURNS,
  beatsBest,
  deleteLetter,
  describeTile,
  newGame,
  submitGuess,
  typeLetter,
} from './logic.ts';
import { pickSecret } from './secret-words.ts';

/** The refusal shown when the guess cannot be checked. */
export const NO_DICTIONARY = 'The word list could not be loaded. Please check your connection and try again.';

/** The game being played. */
export const $game = atom<Game>(newGame(pickSecret()));
/** What the live region last said about the game. */
export const $announcement = atom('');
/** The logged-in player's best score in turns (NEVER_WON until one is known). */
export const $best = atom<number>(NEVER_WON);

// Fetch the dictionary as the game starts, so the first Enter does not wait for it.
onMount($game, () => {
  loadDictionary().catch((error: unknown) => console.error(error));
});

// The best score of whoever is logged in: sending NEVER_WON only reads it (SPEC section 7).
onMount($best, () =>
  $username.subscribe((username) => {
    if (username) void recordScore(username, NEVER_WON);
  }),
);

function recordScore(username: string, turns: number): Promise<void> {
  return task(async () => {
    try {
      $best.set(await recordWordGameScore(username, turns));
    } catch (error) {
      console.error('Failed to fetch high score data.', error);
    }
  });
}

/** Plays a key (a letter, Backspace or Enter) while the game is on; answers why a guess was refused, if it was. */
export async function pressKey(key: string): Promise<string | undefined> {
  const game = $game.get();
  if (game.status !== 'playing') return undefined;
  if (key === 'Enter') return playGuess();
  $game.set(key === 'Backspace' ? deleteLetter(game) : typeLetter(game, key));
  return undefined;
}

async function playGuess(): Promise<string | undefined> {
  let dictionary: Set<string>;
  try {
    dictionary = await loadDictionary();
  } catch (error) {
    console.error(error);
    return NO_DICTIONARY;
  }
  const game = $game.get();
  const { game: next, error } = submitGuess(game, (word) => dictionary.has(word.toLowerCase()));
  if (error) return error;
  if (next === game) return undefined;
  $game.set(next);
  $announcement.set(`Guess ${next.turn} of ${MAX_TURNS}: ${next.guesses.at(-1)!.map(describeTile).join('; ')}.`);
  const username = $username.get();
  if (next.status === 'won' && username && beatsBest(next.turn, $best.get())) void recordScore(username, next.turn);
  return undefined;
}

/** Starts a new game with a new secret word. */
export function startNewGame(): void {
  $game.set(newGame(pickSecret()));
  $announcement.set('New game. Guess the five letter word.');
}
