// The word game as people play it: by physical keys and by the on-screen keyboard, the checks'
// toasts, the win and loss modals, the new game, and the best score of a logged-in player. The
// secret is fixed from outside by seeding Math.random before the page loads.
import { gzipSync } from 'node:zlib';
import { type Page, expect, test } from '@playwright/test';
import { SECRET_WORDS } from '../../src/features/word-game/secret-words.ts';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

const valueFor = (word: string) => {
  const index = SECRET_WORDS.indexOf(word as (typeof SECRET_WORDS)[number]);
  expect(index).toBeGreaterThanOrEqual(0);
  return (index + 0.5) / SECRET_WORDS.length;
};

/** Makes Math.random (which picks the secret) always answer so that `word` is chosen. */
async function fixSecret(page: Page, word: string) {
  await page.addInitScript((value) => {
    (globalThis as { e2eRandom?: number }).e2eRandom = value;
    Math.random = () => (globalThis as { e2eRandom?: number }).e2eRandom!;
  }, valueFor(word));
}

/** Changes the word the next game will pick. */
async function fixNextSecret(page: Page, word: string) {
  await page.evaluate((value) => ((globalThis as { e2eRandom?: number }).e2eRandom = value), valueFor(word));
}

const board = (page: Page) => page.getByRole('group', { name: 'Board' });
const row = (page: Page, n: number) => board(page).getByRole('group', { name: `Guess ${n}` });

async function typeAndEnter(page: Page, word: string) {
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
}

async function clearRow(page: Page) {
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
}

async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toContainText('Cannot make that move.');
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
}

test.describe('word game', () => {
  test('plays and wins by physical keys, with every check, then starts a new game', async ({ page }) => {
    const errors = watchForErrors(page);
    await fixSecret(page, 'CRANE');
    await page.goto('/word_game');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('WORD GUESSING GAME');
    await expect(page.getByText('Try to guess the five letter word.')).toBeVisible();
    await expect(page.getByText('Login to keep track of your scores.')).toBeVisible();
    await expect(board(page).getByRole('group')).toHaveCount(6);

    await typeAndEnter(page, 'sla');
    await expectToast(page, 'Word must be 5 letters long.');
    await clearRow(page);
    await typeAndEnter(page, 'qqqqq');
    await expectToast(page, 'Word not in dictionary.');
    await clearRow(page);
    await page.keyboard.type('slate7!x'); // digits and symbols are ignored; a sixth letter too
    await expect(row(page, 1)).toHaveText(/^S.*L.*A.*T.*E/);
    await page.keyboard.press('Enter');
    await expect(row(page, 1)).toContainText('S, not in the word');
    await expect(row(page, 1)).toContainText('A, correct position');
    await expect(row(page, 1)).toContainText('E, correct position');
    await expect(
      page.getByText(/^Guess 1 of 6: S, not in the word; L, not in the word; A, correct position/),
    ).toBeAttached();
    await typeAndEnter(page, 'SLATE');
    await expectToast(page, 'You already tried that word.');
    await clearRow(page);
    await expectNoAxeViolations(page);

    await typeAndEnter(page, 'crane');
    const dialog = page.getByRole('dialog', { name: 'You Won!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Congratulations, you were able to guess the word in 2 turn(s).');
    await expect(dialog).toContainText('The word was: CRANE');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectNoAxeViolations(page);

    await fixNextSecret(page, 'HONEY');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row(page, 1)).toHaveText('');
    await expect(page.getByRole('button', { name: 'C', exact: true })).toBeVisible(); // keyboard colours reset
    // The fresh secret is HONEY: CRANE is now just a guess.
    await typeAndEnter(page, 'CRANE');
    await expect(row(page, 1)).toContainText('N, in the word, wrong position');
    expect(errors).toEqual([]);
  });

  test('plays and loses by the on-screen keyboard alone, with colours in words', async ({ page }) => {
    await fixSecret(page, 'WATER');
    await page.goto('/word_game');
    const keyboard = page.getByRole('group', { name: 'Keyboard' });
    const words = ['CRANE', 'SLOTH', 'BLIMP', 'GHOST', 'PIANO', 'MOUSE'];
    for (const [index, word] of words.entries()) {
      for (const letter of word) await keyboard.getByRole('button', { name: new RegExp(`^${letter}(,|$)`) }).click();
      if (index === 1) {
        await keyboard.getByRole('button', { name: 'Backspace' }).click();
        await keyboard.getByRole('button', { name: /^H(,|$)/ }).click();
      }
      await keyboard.getByRole('button', { name: 'Enter' }).click();
      await expect(row(page, index + 1)).toContainText(`${word[0]}, `);
    }
    await expect(keyboard.getByRole('button', { name: 'R, in the word' })).toBeVisible();
    await expect(keyboard.getByRole('button', { name: 'C, not in the word' })).toBeVisible();
    await expect(keyboard.getByRole('button', { name: 'T, in the word' })).toBeVisible();

    const dialog = page.getByRole('dialog', { name: 'You lost' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Unfortunately you were not able to guess the word.');
    await expect(dialog).toContainText('The word was: WATER');
    // Input stops with the game.
    await page.keyboard.type('ab');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, 1)).toHaveText('');
    await expect(row(page, 6)).toHaveText('');
  });

  test('saves a logged-in player’s best score and shows it', async ({ page, request }) => {
    const { token } = await createUser(request, { prefix: 'player' });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await fixSecret(page, 'HONEY');
    await page.goto('/word_game');
    await expect(page.getByText('You have not won a game yet.')).toBeVisible();
    const saved = page.waitForRequest(
      (req) => req.url().endsWith('/api/scoring/wordgame') && req.postDataJSON()?.roundScore === 2,
    );
    await typeAndEnter(page, 'CRANE');
    await typeAndEnter(page, 'HONEY');
    await saved;
    await expect(page.getByText('Your best score is 2 turn(s).')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.reload();
    await expect(page.getByText('Your best score is 2 turn(s).')).toBeVisible();
  });

  test('fetches the dictionary as a separate asset; the island stays small', async ({ page }) => {
    const scripts: { url: string; body: Promise<Buffer> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.body() });
    });
    const dictionary = page.waitForResponse((response) => response.url().endsWith('/word_game/dictionary.txt'));
    await page.goto('/word_game');
    const text = await (await dictionary).text();
    const words = text.trim().split('\n');
    expect(words.length).toBeGreaterThan(5000);
    expect(words.every((word) => /^[a-z]{5}$/.test(word))).toBe(true);
    expect(new Set(words).size).toBe(words.length);
    for (const secret of SECRET_WORDS) expect(words).toContain(secret.toLowerCase());
    const dictionaryGzip = gzipSync(text).length;
    test.info().annotations.push({ type: 'dictionary-gzip-bytes', description: String(dictionaryGzip) });
    expect(dictionaryGzip).toBeLessThan(40 * 1024);

    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts.map(async ({ url, body }) => ({ url, text: (await body).toString() })));
    expect(
      bodies.some(({ text: code }) => code.includes('colourGuess') || code.includes('Cannot make that move.')),
    ).toBe(true);
    // React's own chunk carries its error-page URL; everything else is ours.
    const ours = bodies.filter(({ text: code }) => !code.includes('react.dev/errors'));
    const oursGzip = ours.reduce((sum, { text: code }) => sum + gzipSync(code).length, 0);
    test.info().annotations.push({ type: 'island-js-gzip-bytes', description: String(oursGzip) });
    expect(oursGzip).toBeLessThan(15 * 1024);
    expect(bodies.some(({ text: code }) => code.includes('"abbey"') || code.includes('aahed'))).toBe(false);
  });
});
