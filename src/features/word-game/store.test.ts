import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../tests/setup/browser-session.ts';

const api = vi.hoisted(() => ({
  recordWordGameScore: vi.fn<(userName: string, roundScore: number) => Promise<number>>(),
}));
vi.mock('./api-client.ts', () => api);

const words = vi.hoisted(() => ({
  loadDictionary: vi.fn<() => Promise<Set<string>>>(),
  pickSecret: vi.fn<() => string>(),
}));
vi.mock('./dictionary.ts', () => ({ loadDictionary: words.loadDictionary }));
vi.mock('./secret-words.ts', () => ({ pickSecret: words.pickSecret }));

const DICTIONARY = new Set(['crane', 'slate', 'pious', 'dumpy', 'wight', 'folky', 'bench', 'track']);

// A fresh store per test, mounted the way the island mounts it.
async function openGame(username = '') {
  vi.resetModules();
  const auth = await import('../../platform/session.ts');
  if (username) auth.setToken(tokenFor({ username }));
  const store = await import('./store.ts');
  for (const $store of [store.$game, store.$best, store.$announcement]) $store.listen(() => undefined);
  await allTasks();
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
    words.pickSecret.mockReset().mockReturnValue('crane');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    if (game) cleanStores(game.$game, game.$best, game.$announcement);
    game = undefined;
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

    words.pickSecret.mockReturnValue('bench');
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
    api.recordWordGameScore.mockResolvedValueOnce(3);
    game = await openGame('ada');
    expect(api.recordWordGameScore).toHaveBeenCalledWith('ada', 7);
    expect(game.$best.get()).toBe(3);

    api.recordWordGameScore.mockResolvedValueOnce(2);
    await play(game, 'slate');
    await play(game, 'crane');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenLastCalledWith('ada', 2);
    expect(game.$best.get()).toBe(2);

    // A win in more turns than the best is not sent.
    game.startNewGame();
    await play(game, 'slate');
    await play(game, 'track');
    await play(game, 'crane');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenCalledTimes(2);
  });

  it('keeps the best score it had when saving fails', async () => {
    api.recordWordGameScore.mockResolvedValueOnce(7).mockRejectedValueOnce(new Error('down'));
    game = await openGame('ada');
    await play(game, 'crane');
    await allTasks();
    expect(api.recordWordGameScore).toHaveBeenLastCalledWith('ada', 1);
    expect(game.$best.get()).toBe(7);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch high score data.', expect.any(Error));
  });
});
