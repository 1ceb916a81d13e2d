import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, tokenFor } from '../../../tests/setup/browser-session.ts';
import type { ScoreExtras } from './api-client.ts';
import { dayNumber } from '../../lib/utc-day.ts';
import { ANSWERS } from './answers.ts';
import { challengeHash } from './challenge.ts';
import { FIRST_DAY, dailyOrder, dailyWord } from './daily.ts';
import { type AllStats, emptyAllStats, recordResult } from './stats.ts';

/** The server's answer: a best score, and empty statistics unless given. */
const answer = (bestScore: number, stats: AllStats = emptyAllStats()) => ({ bestScore, stats });

const api = vi.hoisted(() => ({
  recordWordGameScore:
    vi.fn<
      (userName: string, roundScore: number, extras?: ScoreExtras) => Promise<{ bestScore: number; stats: AllStats }>
    >(),
}));
vi.mock('./api-client.ts', () => api);

const words = vi.hoisted(() => ({
  loadDictionary: vi.fn<() => Promise<Set<string>>>(),
  loadAnswers: vi.fn<() => Promise<string[]>>(),
  pickSecret: vi.fn<() => string>(),
}));
vi.mock('./dictionary.ts', () => words);

/** The answers as the page fetches them: in the Daily's order. */
const ORDER = dailyOrder(ANSWERS);
const today = (day = dayNumber()) => dailyWord(day, ORDER);

const DICTIONARY = new Set(['crane', 'slate', 'pious', 'dumpy', 'wight', 'folky', 'bench', 'track']);

// A fresh store per test, mounted the way the island mounts it.
async function openGame(username = '', { settle = true } = {}) {
  vi.resetModules();
  const auth = await import('../../platform/session.ts');
  if (username) auth.setToken(tokenFor({ username }));
  const store = await import('./store.ts');
  for (const $store of [store.$game, store.$best, store.$announcement, store.$stats]) $store.listen(() => undefined);
  if (settle) await allTasks();
  return store;
}

async function play(game: Awaited<ReturnType<typeof openGame>>, word: string) {
  for (const letter of word) await game.pressKey(letter);
  return game.pressKey('Enter');
}

describe('word game store', () => {
  let game: Awaited<ReturnType<typeof openGame>> | undefined;
  beforeEach(() => {
    api.recordWordGameScore.mockReset();
    words.loadDictionary.mockReset().mockResolvedValue(DICTIONARY);
    words.loadAnswers.mockReset().mockResolvedValue(ORDER);
    words.pickSecret.mockReset().mockReturnValue('CRANE');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    if (game) cleanStores(game.$game, game.$best, game.$announcement, game.$stats);
    game = undefined;
    vi.unstubAllGlobals();
  });

  it('types, deletes and refuses a short or unknown word, changing nothing', async () => {
    game = await openGame();
    expect(words.loadDictionary).toHaveBeenCalled(); // fetched as the game starts
    await play(game, 'sla');
    await game.pressKey('Backspace');
    expect(game.$game.get().current).toBe('SL');
    expect(await game.pressKey('Enter')).toBe('Word must be 5 letters long.');
    await game.pressKey('Backspace');
    await game.pressKey('Backspace');
    expect(await play(game, 'zzzzz')).toBe('Word not in dictionary.');
    expect(game.$game.get().turn).toBe(0);
  });

  it('marks a full row that is not a word as its fifth letter goes in, and not once a letter is taken back', async () => {
    game = await openGame();
    for (const letter of 'zzzz') await game.pressKey(letter);
    expect(game.$notAWord.get()).toBe(false); // four letters: not a guess yet
    await game.pressKey('z');
    expect(game.$notAWord.get()).toBe(true);
    await game.pressKey('Backspace');
    expect(game.$notAWord.get()).toBe(false);
    await game.pressKey('e');
    expect(game.$game.get().current).toBe('ZZZZE');
    expect(game.$notAWord.get()).toBe(true);
    for (let i = 0; i < 5; i++) await game.pressKey('Backspace');
    for (const letter of 'crane') await game.pressKey(letter);
    expect(game.$notAWord.get()).toBe(false); // a word
  });

  it('marks no row while the dictionary is still coming: Enter waits for it', async () => {
    const slow = Promise.withResolvers<Set<string>>();
    words.loadDictionary.mockReturnValue(slow.promise);
    game = await openGame('', { settle: false });
    for (const letter of 'zzzzz') await game.pressKey(letter);
    expect(game.$notAWord.get()).toBe(false);
    slow.resolve(DICTIONARY);
    await slow.promise;
    await allTasks();
    expect(game.$notAWord.get()).toBe(true);
  });

  it('applies a guess, announces its colours, and refuses the same word twice', async () => {
    game = await openGame();
    expect(await play(game, 'track')).toBeUndefined();
    const { turn, guesses, current, usedKeys } = game.$game.get();
    expect({ turn, current }).toEqual({ turn: 1, current: '' });
    expect(guesses[0]!.map((tile) => tile.color)).toEqual(['grey', 'green', 'green', 'yellow', 'grey']);
    expect(usedKeys).toMatchObject({ T: 'grey', R: 'green', C: 'yellow' });
    expect(game.$announcement.get()).toBe(
      'Guess 1 of 6: T, not in the word; R, correct position; A, correct position; C, in the word, wrong position; K, not in the word.',
    );
    expect(await play(game, 'track')).toBe('You already tried that word.');
    expect(game.$game.get().turn).toBe(1);
  });

  it('says so when the word list cannot be loaded', async () => {
    words.loadDictionary.mockRejectedValue(new Error('offline'));
    game = await openGame();
    expect(await play(game, 'slate')).toBe(
      'The word list could not be loaded. Please check your connection and try again.',
    );
    expect(game.$game.get().turn).toBe(0);
  });

  it('wins, ignores keys until a new game starts, and records nothing while logged out', async () => {
    game = await openGame();
    await play(game, 'slate');
    await play(game, 'crane');
    expect(game.$game.get()).toMatchObject({ status: 'won', turn: 2 });
    await game.pressKey('b');
    expect(game.$game.get().current).toBe('');
    expect(api.recordWordGameScore).not.toHaveBeenCalled();

    words.pickSecret.mockReturnValue('BENCH');
    game.startNewGame();
    expect(game.$game.get()).toMatchObject({ status: 'playing', turn: 0, secret: 'BENCH', guesses: [] });
    expect(game.$announcement.get()).toBe('New game. Guess the five letter word.');
  });

  it('loses after six guesses', async () => {
    game = await openGame();
    for (const word of ['slate', 'pious', 'dumpy', 'wight', 'folky', 'bench']) await play(game, word);
    expect(game.$game.get()).toMatchObject({ status: 'lost', turn: 6 });
  });

  it("reads a logged-in player's best score, and records a win that beats it", async () => {
    api.recordWordGameScore.mockResolvedValueOnce(answer(3));
    game = await openGame('ada');
    expect(api.recordWordGameScore).toHaveBeenCalledWith('ada', 7, { merge: undefined });
    expect(game.$best.get()).toBe(3);

    // The end of a game saves the round count and the result in one call, and shows what comes back.
    const saved = recordResult(emptyAllStats().practice, {
      id: 'x',
      mode: 'practice',
      won: true,
      guesses: 2,
      day: dayNumber(),
    });
    api.recordWordGameScore.mockResolvedValueOnce(answer(2, { ...emptyAllStats(), practice: saved }));
    await play(game, 'slate');
    await play(game, 'crane');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenLastCalledWith('ada', 2, {
      result: { id: expect.any(String), mode: 'practice', won: true, guesses: 2, day: dayNumber() },
    });
    expect(game.$best.get()).toBe(2);
    expect(game.$stats.get().practice).toEqual(saved);
    expect(api.recordWordGameScore).toHaveBeenCalledTimes(2);
  });

  it('keeps the best score it had when saving fails', async () => {
    api.recordWordGameScore.mockResolvedValueOnce(answer(7)).mockRejectedValueOnce(new Error('down'));
    game = await openGame('ada');
    await play(game, 'crane');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenLastCalledWith('ada', 1, expect.anything());
    expect(game.$best.get()).toBe(7);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch high score data.', expect.any(Error));
  });

  it('in hard mode, refuses a guess that ignores a hint; the mode is fixed by the first guess', async () => {
    game = await openGame();
    game.changeSettings({ hardMode: true });
    await play(game, 'track');
    expect(await play(game, 'slate')).toBe('2nd letter must be R');
    expect(game.$game.get().turn).toBe(1);
    // Too late to switch it off.
    expect(game.$hardModeLocked.get()).toBe(true);
    game.changeSettings({ hardMode: false });
    expect(game.$settings.get().hardMode).toBe(true);
    for (let i = 0; i < 5; i++) await game.pressKey('Backspace');
    expect(await play(game, 'crane')).toBeUndefined();
    expect(game.$play.get().hard).toBe(true);
  });

  it('plays today’s Daily word, once: no new game until tomorrow', async () => {
    game = await openGame();
    game.chooseMode('daily');
    expect(game.$game.get().secret).toBe(today());
    await play(game, today().toLowerCase() === 'crane' ? 'crane' : 'slate');
    game.startNewGame();
    expect(game.$game.get().turn).toBe(1);
    game.chooseMode('practice');
    expect(game.$game.get().secret).toBe('CRANE');
  });

  it('keeps each mode’s game in progress, the settings and a guest’s statistics across a reload', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    game = await openGame();
    await play(game, 'slate');
    game.changeSettings({ highContrast: true });
    game.chooseMode('daily');
    await play(game, 'track');
    game.chooseMode('practice');
    await play(game, 'crane');
    expect(game.$stats.get().practice).toMatchObject({ played: 1, distribution: [0, 1, 0, 0, 0, 0] });

    const reloaded = await openGame();
    expect(reloaded.$mode.get()).toBe('practice');
    expect(reloaded.$game.get()).toMatchObject({ status: 'won', turn: 2 });
    expect(reloaded.$settings.get().highContrast).toBe(true);
    expect(reloaded.$stats.get().practice.played).toBe(1);
    reloaded.chooseMode('daily');
    expect(reloaded.$game.get().guesses.map((tiles) => tiles.map((tile) => tile.key).join(''))).toEqual(['TRACK']);
    game = reloaded;
  });

  it('adds a guest’s statistics to the account at login, once, then counts afresh', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    game = await openGame();
    await play(game, 'crane');
    const guestStats = game.$stats.get();
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    // The first try fails: the statistics stay this browser's, with the same merge id for the next try.
    api.recordWordGameScore.mockRejectedValueOnce(new Error('down'));
    game = await openGame('ada');
    const first = api.recordWordGameScore.mock.calls[0]![2]!.merge!;
    expect(first.stats).toEqual(guestStats);
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    api.recordWordGameScore.mockResolvedValueOnce(answer(1, guestStats));
    game = await openGame('ada');
    expect(api.recordWordGameScore.mock.calls[1]![2]!.merge).toEqual(first);
    expect(game.$stats.get()).toEqual(guestStats);
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    // Merged: the next login sends nothing to add.
    api.recordWordGameScore.mockResolvedValueOnce(answer(1, guestStats));
    game = await openGame('ada');
    expect(api.recordWordGameScore.mock.calls[2]![2]).toEqual({ merge: undefined });
  });

  it('keeps the letters typed while a guess waits for the word list, in order', async () => {
    const slow = Promise.withResolvers<Set<string>>();
    words.loadDictionary.mockReturnValue(slow.promise);
    game = await openGame();
    const keys = [...'track', 'Enter', ...'sl'].map((key) => game!.pressKey(key));
    slow.resolve(DICTIONARY);
    await Promise.all(keys);
    expect(game.$game.get()).toMatchObject({ turn: 1, current: 'SL' });
  });

  it('sends a game whose saving failed again at the next visit, for its own player only', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    api.recordWordGameScore.mockResolvedValueOnce(answer(7)).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    game = await openGame('ada');
    await play(game, 'crane');
    await allTasks();
    const lost = api.recordWordGameScore.mock.calls[1]![2]!.result!;
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    // Someone else signs in here: ada's game is not theirs.
    api.recordWordGameScore.mockResolvedValue(answer(7));
    game = await openGame('bob');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenCalledTimes(3);
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    game = await openGame('ada');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenLastCalledWith('ada', 7, { result: lost });
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    // Saved: not sent again.
    api.recordWordGameScore.mockClear();
    game = await openGame('ada');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenCalledTimes(1);
  });

  it('drops a game the server refuses for good', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    api.recordWordGameScore.mockResolvedValueOnce(answer(7));
    game = await openGame('ada');
    // The ApiError class of this page load's modules.
    const { ApiError } = await import('../../platform/api-client.ts');
    api.recordWordGameScore.mockRejectedValueOnce(new ApiError(400, 'The game must be from today.', 'bad_request'));
    await play(game, 'crane');
    await allTasks();
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);
    api.recordWordGameScore.mockReset().mockResolvedValue(answer(7));
    game = await openGame('ada');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenCalledTimes(1);
  });

  it('gives a game begun before the answers came its secret when they come, and says so when they cannot', async () => {
    let arrive: (order: string[]) => void = () => undefined;
    words.loadAnswers.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    game = await openGame('', { settle: false });
    expect(game.$game.get().secret).toBe('');
    await game.pressKey('c');
    arrive(ORDER);
    await allTasks();
    expect(game.$game.get()).toMatchObject({ secret: 'CRANE', current: 'C' });
    game.chooseMode('daily');
    expect(game.$game.get().secret).toBe(today());
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);

    words.loadAnswers.mockReset().mockRejectedValue(new Error('offline'));
    game = await openGame();
    expect(await play(game, 'crane')).toBe(game.NO_DICTIONARY);
    expect(game.$game.get().turn).toBe(0);
  });

  it('plays a past Daily with that day’s word, counted apart from the Daily streak and the server', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    api.recordWordGameScore.mockResolvedValue(answer(7));
    game = await openGame('ada');
    const day = dayNumber() - 3;
    expect(game.archiveDays()).toEqual({ first: FIRST_DAY, last: dayNumber() - 1 });
    expect(game.playArchive(dayNumber())).toBe(false); // today is the Daily's
    expect(game.playArchive(FIRST_DAY - 1)).toBe(false); // before puzzle 1
    expect(game.$mode.get()).toBe('practice');

    expect(game.playArchive(day)).toBe(true);
    expect(game.$mode.get()).toBe('archive');
    expect(game.$play.get().day).toBe(day);
    expect(game.$game.get().secret).toBe(today(day));
    expect(game.$announcement.get()).toMatch(/^Past Daily of \d{1,2} \w{3} \d{4}\. Guess the five letter word\.$/);
    const dictionary = new Set([...DICTIONARY, today(day).toLowerCase()]);
    words.loadDictionary.mockResolvedValue(dictionary);
    await play(game, today(day).toLowerCase() === 'slate' ? 'track' : 'slate');
    await play(game, today(day).toLowerCase());
    await allTasks();
    expect(game.$game.get()).toMatchObject({ status: 'won', turn: 2 });
    expect(game.$archive.get()).toEqual({ [day]: { won: true, guesses: 2 } });
    // Only the read at login: no result, no best score, no streak.
    expect(api.recordWordGameScore).toHaveBeenCalledTimes(1);
    expect(game.$stats.get()).toEqual(emptyAllStats());

    // Today's Daily is untouched, and the past one is remembered across a reload.
    game.chooseMode('daily');
    expect(game.$game.get()).toMatchObject({ turn: 0, secret: today() });
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);
    game = await openGame();
    expect(game.$archive.get()).toEqual({ [day]: { won: true, guesses: 2 } });
  });

  it('plays a friend’s challenge as a game of its own, counted nowhere, and goes on with it after a reload', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    api.recordWordGameScore.mockResolvedValue(answer(7));
    game = await openGame('ada');
    expect(await game.playChallenge('#challenge=zzzzz&from=Kai')).toBe(false); // no word of the answer list
    expect(game.$mode.get()).toBe('practice');

    const hash = challengeHash({ word: 'TRACK', from: 'Kai' });
    expect(await game.playChallenge(hash)).toBe(true);
    expect(game.$mode.get()).toBe('challenge');
    expect(game.$play.get()).toMatchObject({ from: 'Kai', game: { secret: 'TRACK', turn: 0 } });
    expect(game.$announcement.get()).toBe("Kai's challenge: counted in no statistics. Guess the five letter word.");
    await play(game, 'slate');
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);
    game = await openGame('ada');
    expect(game.$mode.get()).toBe('challenge');
    expect(await game.playChallenge(hash)).toBe(true); // the same link again: the same game
    expect(game.$game.get().turn).toBe(1);
    await play(game, 'track');
    await allTasks();
    expect(game.$game.get()).toMatchObject({ status: 'won', turn: 2 });
    // Only the reads at login: no result sent, no statistics changed.
    expect(api.recordWordGameScore.mock.calls.every(([, rounds, extras]) => rounds === 7 && !extras?.result)).toBe(
      true,
    );
    expect(game.$stats.get()).toEqual(emptyAllStats());
    // Practice is as it was.
    game.chooseMode('practice');
    expect(game.$game.get()).toMatchObject({ turn: 0, secret: 'CRANE' });
  });

  it('remembers that How to play was seen, and the "What you know" switch', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    game = await openGame();
    expect(game.$helpSeen.get()).toBe(false);
    expect(game.$settings.get().showKnowledge).toBe(false);
    game.markHelpSeen();
    game.changeSettings({ showKnowledge: true });
    cleanStores(game.$game, game.$best, game.$announcement, game.$stats);
    game = await openGame();
    expect(game.$helpSeen.get()).toBe(true);
    expect(game.$settings.get().showKnowledge).toBe(true);
  });
});
