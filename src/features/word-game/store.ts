// The word game's state and actions (SPEC sections 4, 5, 7, 9): a game per mode (the Daily, played
// once a day; Practice; a past Daily; a friend's challenge), the settings, each guess's announcement,
// the best score and statistics, kept in this browser (localStorage) so a game survives a reload.
// The secrets come from the answer list, fetched as the game starts. A signed-in player's
// statistics live on the server: a game's end saves them in one call, and at login a guest's are
// added to the account's, once. The rules are logic.ts's, hard-mode.ts's and stats.ts's.
import { atom, computed, onMount, task } from 'nanostores';
import { ApiError } from '../../platform/api-client.ts';
import { readStoredJson, writeStoredJson } from '../../platform/browser-storage.ts';
import { $username } from '../../platform/session.ts';
import { type ScoreExtras, recordWordGameScore } from './api-client.ts';
import { dayNumber } from '../../lib/utc-day.ts';
import { FIRST_DAY, dailyWord, dayLabel } from './daily.ts';
import { WORD_GAME_STORAGE_KEY } from './first-paint.ts';
import { type Dictionary, loadAnswers, loadDictionary, pickSecret } from './dictionary.ts';
import { hardModeError } from './hard-mode.ts';
import {
  type Game,
  MAX_TURNS,
  WORD_LENGTH,
  checkGuess,
  deleteLetter,
  describeTile,
  newGame,
  submitGuess,
  typeLetter,
} from './logic.ts';
import { type AllStats, type GameMode, type GameResult, NEVER_WON, emptyAllStats, recordResult } from './stats.ts';

/** The refusal shown when the guess cannot be checked. */
export const NO_DICTIONARY = 'The word list could not be loaded. Please check your connection and try again.';

/** Where a game is played: today's Daily, Practice, a past Daily (the archive), or a friend's challenge. */
export type PlayMode = GameMode | 'archive' | 'challenge';

/** A past Daily's outcome, kept in this browser only (never the Daily's streak or the server's statistics). */
export interface ArchiveResult {
  won: boolean;
  guesses: number;
}

/** A game in one mode, as kept. */
export interface Play {
  /** Random: the server counts a result once by it. */
  id: string;
  /** The day it began on; a Daily or past Daily game's puzzle. */
  day: number;
  /** Played in hard mode: fixed by the first guess. */
  hard: boolean;
  game: Game;
  /** A challenge's: who set it. */
  from?: string;
}

export interface Settings {
  hardMode: boolean;
  highContrast: boolean;
  /** Shows "What you know": a summary of what the guesses have shown (knowledge.ts). */
  showKnowledge: boolean;
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
  mode: PlayMode;
  plays: Partial<Record<PlayMode, Play>>;
  /** Past Dailies finished here, by day. */
  archive: Record<string, ArchiveResult>;
  /** How to play was closed once: it does not open by itself again. */
  helpSeen: boolean;
  settings: Settings;
  guest: GuestStats;
  pending: PendingResult[];
}

const newId = () => crypto.randomUUID();

/** The answers in the Daily's order, once fetched. */
let answers: readonly string[] | undefined;

/** A game's secret, or '' while the answers are still on their way (filled in when they come). */
function secretFor(mode: PlayMode, day: number): string {
  if (!answers) return '';
  return mode === 'practice' ? pickSecret(answers) : dailyWord(day, answers);
}

function newPlay(mode: PlayMode, day = dayNumber()): Play {
  return { id: newId(), day, hard: false, game: newGame(secretFor(mode, day)) };
}

function restore(): Saved {
  const saved = readStoredJson<Partial<Saved>>(WORD_GAME_STORAGE_KEY) ?? {};
  const today = dayNumber();
  const daily = saved.plays?.daily;
  const { archive, challenge } = saved.plays ?? {};
  const kept =
    saved.mode === 'daily' || (saved.mode === 'archive' && archive) || (saved.mode === 'challenge' && challenge);
  return {
    mode: kept ? saved.mode! : 'practice',
    plays: {
      // Yesterday's Daily game is over, finished or not: today has its own word.
      daily: daily?.day === today ? daily : newPlay('daily', today),
      practice: saved.plays?.practice ?? newPlay('practice'),
      ...(archive && { archive }),
      ...(challenge && { challenge }),
    },
    archive: saved.archive ?? {},
    helpSeen: saved.helpSeen === true,
    settings: { hardMode: false, highContrast: false, showKnowledge: false, ...saved.settings },
    guest: saved.guest ?? { stats: emptyAllStats(), mergeId: newId() },
    pending: Array.isArray(saved.pending) ? saved.pending : [],
  };
}

const saved = restore();
let guest = saved.guest;
let pending = saved.pending;

export const $mode = atom<PlayMode>(saved.mode);
type Plays = Record<GameMode, Play> & { archive?: Play; challenge?: Play };
export const $plays = atom<Plays>(saved.plays as Plays);
/** The game being played: the chosen mode's. */
export const $play = computed([$mode, $plays], (mode, plays) => plays[mode] ?? plays.daily);
export const $game = computed($play, (play) => play.game);
export const $settings = atom<Settings>(saved.settings);
/** What the live region last said about the game. */
export const $announcement = atom('');
/** The logged-in player's best score in turns (NEVER_WON until one is known). */
export const $best = atom<number>(NEVER_WON);
/** The statistics shown: the account's when signed in, else this browser's. */
export const $stats = atom<AllStats>(guest.stats);
/** The guess dictionary, once loaded. */
const $dictionary = atom<Dictionary | undefined>();
/**
 * Whether the row being typed is full and not a word: marked as its fifth letter goes in, before
 * Enter (not while the dictionary is still coming: Enter then says so).
 */
export const $notAWord = computed(
  [$game, $dictionary],
  (game, dictionary) =>
    game.status === 'playing' &&
    game.current.length === WORD_LENGTH &&
    dictionary !== undefined &&
    !dictionary.has(game.current.toLowerCase()),
);
/** Past Dailies finished in this browser, by day. */
export const $archive = atom<Record<string, ArchiveResult>>(saved.archive);
/** Whether How to play was closed once (it opens by itself only before). */
export const $helpSeen = atom(saved.helpSeen);

function persist(): void {
  writeStoredJson(WORD_GAME_STORAGE_KEY, {
    mode: $mode.get(),
    plays: $plays.get(),
    archive: $archive.get(),
    helpSeen: $helpSeen.get(),
    settings: $settings.get(),
    guest,
    pending,
  } satisfies Saved);
}
$mode.listen(persist);
$plays.listen(persist);
$settings.listen(persist);
$archive.listen(persist);
$helpSeen.listen(persist);

/** Remembers that How to play was closed. */
export function markHelpSeen(): void {
  $helpSeen.set(true);
}

function playOf(mode: PlayMode): Play {
  return $plays.get()[mode] ?? $plays.get().daily;
}

function setPlay(mode: PlayMode, change: Partial<Play>): void {
  $plays.set({ ...$plays.get(), [mode]: { ...playOf(mode), ...change } });
}

/** Fetches the answers once, and gives the games begun without a secret theirs. */
async function ensureAnswers(): Promise<void> {
  answers ??= await loadAnswers();
  const plays = $plays.get();
  const modes = (['daily', 'practice', 'archive'] as const).filter((mode) => plays[mode]?.game.secret === '');
  for (const mode of modes) {
    const play = playOf(mode);
    setPlay(mode, { game: { ...play.game, secret: secretFor(mode, play.day) } });
  }
}

// Fetch the word lists as the game starts, so the first Enter does not wait for them.
onMount($play, () => {
  loadDictionary()
    .then((dictionary) => $dictionary.set(dictionary))
    .catch((error: unknown) => console.error(error));
  void task(() => ensureAnswers().catch((error: unknown) => console.error(error)));
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

async function playKey(mode: PlayMode, key: string): Promise<string | undefined> {
  const game = playOf(mode).game;
  if (game.status !== 'playing') return undefined;
  if (key === 'Enter') return playGuess(mode);
  setPlay(mode, { game: key === 'Backspace' ? deleteLetter(game) : typeLetter(game, key) });
  return undefined;
}

async function playGuess(mode: PlayMode): Promise<string | undefined> {
  let dictionary: Dictionary;
  try {
    [dictionary] = await Promise.all([loadDictionary(), ensureAnswers()]);
    $dictionary.set(dictionary);
  } catch (error) {
    console.error(error);
    return NO_DICTIONARY;
  }
  const play = playOf(mode);
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

/**
 * Counts a finished game: on the server for a signed-in player (with the best score), else here. A
 * past Daily is kept apart, in this browser only: it never changes the Daily's streak, the
 * statistics or the best score (the server counts a Daily only on its own day).
 */
function finish(mode: PlayMode, { id, day, game }: Play): void {
  const won = game.status === 'won';
  if (mode === 'challenge') return; // a friend's word: counted nowhere
  if (mode === 'archive') {
    $archive.set({ ...$archive.get(), [day]: { won, guesses: game.turn } });
    return;
  }
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

/** The days a past Daily can be played: from puzzle 1 to yesterday (UTC). */
export function archiveDays(today = dayNumber()): { first: number; last: number } {
  return { first: FIRST_DAY, last: today - 1 };
}

/**
 * Plays a past Daily: that day's word, counted apart from the Daily's streak. The same day again
 * goes on with its game; a day outside the archive (today, to come, before puzzle 1) is refused.
 */
export function playArchive(day: number): boolean {
  const { first, last } = archiveDays();
  if (!Number.isInteger(day) || day < first || day > last) return false;
  const current = $plays.get().archive;
  if (current?.day !== day) $plays.set({ ...$plays.get(), archive: newPlay('archive', day) });
  $mode.set('archive');
  $announcement.set(`Past Daily of ${dayLabel(day)}. Guess the five letter word.`);
  void ensureAnswers().catch((error: unknown) => console.error(error));
  return true;
}

/**
 * Plays the challenge a link's hash holds, once the answers are here: a new game unless it is the
 * one already going on. Answers false for a link that holds no word of the answer list.
 */
export async function playChallenge(hash: string): Promise<boolean> {
  // Its code comes with the first challenge link: a game that is no challenge carries none of it.
  const [{ readChallenge }] = await Promise.all([import('./challenge.ts'), ensureAnswers()]);
  const challenge = readChallenge(hash, answers!);
  if (!challenge) return false;
  const current = $plays.get().challenge;
  if (current?.game.secret !== challenge.word || current.from !== challenge.from) {
    const play = { id: newId(), day: dayNumber(), hard: false, game: newGame(challenge.word), from: challenge.from };
    $plays.set({ ...$plays.get(), challenge: play });
  }
  $mode.set('challenge');
  $announcement.set(`${challenge.from}'s challenge: counted in no statistics. Guess the five letter word.`);
  return true;
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
