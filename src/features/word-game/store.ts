// The word game's state and actions (SPEC sections 4, 5, 7, 9): a game per mode (Daily, the same
// word for everyone each day and played once; Practice, the spec's random word), the settings
// (hard mode, high contrast), the screen reader's announcement of each guess, the player's best
// score and statistics. All of it is kept in this browser (localStorage), so a game survives a
// reload. A signed-in player's statistics live on the server: the end of a game saves it (and the
// best score) in one call; at login a guest's statistics are added to the account's, once. The
// rules are logic.ts's, hard-mode.ts's and stats.ts's; a refused move is reported to the caller,
// which shows the toast.
import { atom, computed, onMount, task } from 'nanostores';
import { ApiError } from '../../platform/api-client.ts';
import { readStoredJson, writeStoredJson } from '../../platform/browser-storage.ts';
import { $username } from '../../platform/session.ts';
import { type ScoreExtras, recordWordGameScore } from './api-client.ts';
import { dayNumber } from '../../lib/utc-day.ts';
import { dailyWord } from './daily.ts';
import { loadDictionary } from './dictionary.ts';
import { hardModeError } from './hard-mode.ts';
import {
  type Game,
  MAX_TURNS,
  checkGuess,
  deleteLetter,
  describeTile,
  newGame,
  submitGuess,
  typeLetter,
} from './logic.ts';
import { pickSecret } from './secret-words.ts';
import { type AllStats, type GameMode, type GameResult, NEVER_WON, emptyAllStats, recordResult } from './stats.ts';

/** The refusal shown when the guess cannot be checked. */
export const NO_DICTIONARY = 'The word list could not be loaded. Please check your connection and try again.';

/** A game in one mode, as kept. */
export interface Play {
  /** Random: the server counts a result once by it. */
  id: string;
  /** The day it began on; a Daily game's puzzle. */
  day: number;
  /** Played in hard mode: fixed by the first guess. */
  hard: boolean;
  game: Game;
}

export interface Settings {
  hardMode: boolean;
  highContrast: boolean;
}

/** A guest's statistics, and the id their merge into an account is counted once by. */
interface GuestStats {
  stats: AllStats;
  mergeId: string;
}

/** A signed-in player's finished game the server has not acknowledged yet (the network failed). */
interface PendingResult {
  username: string;
  result: GameResult;
}

interface Saved {
  mode: GameMode;
  plays: Partial<Record<GameMode, Play>>;
  settings: Settings;
  guest: GuestStats;
  pending: PendingResult[];
}

const STORAGE_KEY = 'wordgame';

const newId = () => crypto.randomUUID();

function newPlay(mode: GameMode, day = dayNumber()): Play {
  return { id: newId(), day, hard: false, game: newGame(mode === 'daily' ? dailyWord(day) : pickSecret()) };
}

function restore(): Saved {
  const saved = readStoredJson<Partial<Saved>>(STORAGE_KEY) ?? {};
  const today = dayNumber();
  const daily = saved.plays?.daily;
  return {
    mode: saved.mode === 'daily' ? 'daily' : 'practice',
    plays: {
      // Yesterday's Daily game is over, finished or not: today has its own word.
      daily: daily?.day === today ? daily : newPlay('daily', today),
      practice: saved.plays?.practice ?? newPlay('practice'),
    },
    settings: { hardMode: false, highContrast: false, ...saved.settings },
    guest: saved.guest ?? { stats: emptyAllStats(), mergeId: newId() },
    pending: Array.isArray(saved.pending) ? saved.pending : [],
  };
}

const saved = restore();
let guest = saved.guest;
let pending = saved.pending;

export const $mode = atom<GameMode>(saved.mode);
export const $plays = atom<Record<GameMode, Play>>(saved.plays as Record<GameMode, Play>);
/** The game being played: the chosen mode's. */
export const $play = computed([$mode, $plays], (mode, plays) => plays[mode]);
export const $game = computed($play, (play) => play.game);
export const $settings = atom<Settings>(saved.settings);
/** What the live region last said about the game. */
export const $announcement = atom('');
/** The logged-in player's best score in turns (NEVER_WON until one is known). */
export const $best = atom<number>(NEVER_WON);
/** The statistics shown: the account's when signed in, else this browser's. */
export const $stats = atom<AllStats>(guest.stats);

function persist(): void {
  writeStoredJson(STORAGE_KEY, {
    mode: $mode.get(),
    plays: $plays.get(),
    settings: $settings.get(),
    guest,
    pending,
  } satisfies Saved);
}
$mode.listen(persist);
$plays.listen(persist);
$settings.listen(persist);

function setPlay(mode: GameMode, change: Partial<Play>): void {
  $plays.set({ ...$plays.get(), [mode]: { ...$plays.get()[mode], ...change } });
}

// Fetch the dictionary as the game starts, so the first Enter does not wait for it.
onMount($play, () => {
  loadDictionary().catch((error: unknown) => console.error(error));
});

// Whoever is logged in: their best score and statistics, a guest's games added to them first
// (sending NEVER_WON only reads the best score: SPEC section 7). Logged out: this browser's.
onMount($best, () =>
  $username.subscribe((username) => {
    if (username) void syncAccount(username);
    else $stats.set(guest.stats);
  }),
);

function syncAccount(username: string): Promise<void> {
  return task(async () => {
    const { daily, practice } = guest.stats;
    const merging = daily.played + practice.played > 0 ? { id: guest.mergeId, stats: guest.stats } : undefined;
    if (!(await save(username, NEVER_WON, { merge: merging }))) return;
    // Now the account's: this browser starts counting afresh.
    if (merging) {
      guest = { stats: emptyAllStats(), mergeId: newId() };
      persist();
    }
    // Games whose saving failed earlier, each counted once by its id however often it is sent.
    for (const { result } of pending.filter((each) => each.username === username)) {
      await save(username, NEVER_WON, { result });
    }
  });
}

/**
 * Sends a round count (NEVER_WON only reads) and a result or merge; keeps the answer's best and
 * statistics. A result the network lost waits to be sent again at the next visit; one the server
 * refuses (it can never be counted) is dropped. Answers whether it was saved.
 */
function save(username: string, rounds: number, extra: ScoreExtras): Promise<boolean> {
  return task(async () => {
    const { result } = extra;
    try {
      const { bestScore, stats } = await recordWordGameScore(username, rounds, extra);
      $best.set(bestScore);
      $stats.set(stats);
      if (result) settle(result.id);
      return true;
    } catch (error) {
      console.error('Failed to fetch high score data.', error);
      const retry = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      if (result && retry && !pending.some((each) => each.result.id === result.id)) {
        pending = [...pending, { username, result }];
        persist();
      } else if (result && !retry) settle(result.id);
      return false;
    }
  });
}

/** Forgets a pending result: saved, or refused for good. */
function settle(id: string): void {
  if (!pending.some((each) => each.result.id === id)) return;
  pending = pending.filter((each) => each.result.id !== id);
  persist();
}

let pressed: Promise<unknown> = Promise.resolve();

/**
 * Plays a key (a letter, Backspace or Enter) while the game is on; answers why a guess was
 * refused, if it was. Keys are played in the order pressed: letters typed while a guess waits for
 * the word list go to the next row, not lost against the full one.
 */
export function pressKey(key: string): Promise<string | undefined> {
  // The game the key was pressed in, even if the mode changes before its turn comes.
  const mode = $mode.get();
  const played = pressed.then(() => playKey(mode, key));
  pressed = played.catch(() => undefined);
  return played;
}

async function playKey(mode: GameMode, key: string): Promise<string | undefined> {
  const game = $plays.get()[mode].game;
  if (game.status !== 'playing') return undefined;
  if (key === 'Enter') return playGuess(mode);
  setPlay(mode, { game: key === 'Backspace' ? deleteLetter(game) : typeLetter(game, key) });
  return undefined;
}

async function playGuess(mode: GameMode): Promise<string | undefined> {
  let dictionary: Set<string>;
  try {
    dictionary = await loadDictionary();
  } catch (error) {
    console.error(error);
    return NO_DICTIONARY;
  }
  const play = $plays.get()[mode];
  const game = play.game;
  // Hard mode is decided by the first guess, and cannot change after it.
  const hard = game.turn === 0 ? $settings.get().hardMode : play.hard;
  const isWord = (word: string) => dictionary.has(word.toLowerCase());
  const refusal = checkGuess(game, isWord) ?? (hard ? hardModeError(game.guesses, game.current) : undefined);
  if (refusal) return refusal;
  const { game: next } = submitGuess(game, isWord);
  if (next === game) return undefined;
  setPlay(mode, { game: next, hard });
  $announcement.set(`Guess ${next.turn} of ${MAX_TURNS}: ${next.guesses.at(-1)!.map(describeTile).join('; ')}.`);
  if (next.status !== 'playing') finish(mode, { ...play, hard, game: next });
  return undefined;
}

/** Counts a finished game: on the server for a signed-in player (with the best score), else here. */
function finish(mode: GameMode, { id, day, game }: Play): void {
  const won = game.status === 'won';
  const result: GameResult = { id, mode, won, guesses: game.turn, day: mode === 'daily' ? day : dayNumber() };
  const username = $username.get();
  if (username) {
    void save(username, won ? game.turn : NEVER_WON, { result });
    return;
  }
  guest = { ...guest, stats: { ...guest.stats, [mode]: recordResult(guest.stats[mode], result) } };
  $stats.set(guest.stats);
  persist();
}

/** Starts a new Practice game with a new secret word. (The Daily word is played once a day.) */
export function startNewGame(): void {
  if ($mode.get() === 'daily') return;
  $plays.set({ ...$plays.get(), practice: newPlay('practice') });
  $announcement.set('New game. Guess the five letter word.');
}

/** Switches between Daily and Practice; the Daily game is today's. */
export function chooseMode(mode: GameMode): void {
  const daily = $plays.get().daily;
  if (mode === 'daily' && daily.day !== dayNumber()) $plays.set({ ...$plays.get(), daily: newPlay('daily') });
  $mode.set(mode);
  $announcement.set(mode === 'daily' ? "Daily: today's word, the same for everyone." : 'Practice: a random word.');
}

/** Whether hard mode may be switched now: not once the game in play has a guess. */
export const $hardModeLocked = computed($game, (game) => game.status === 'playing' && game.turn > 0);

export function changeSettings(change: Partial<Settings>): void {
  if (change.hardMode !== undefined && $hardModeLocked.get()) return;
  $settings.set({ ...$settings.get(), ...change });
}
