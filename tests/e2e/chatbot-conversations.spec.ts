// The chatbot's conversations against the local echo model (tools/fake-openai answers "You asked:
// <the last question>"): the history each question carries, read from the page's own request,
// proves every conversation has its own memory.
import { type Page, expect } from '@playwright/test';
import type { AskRequest } from '../../src/features/chatbot/schema.ts';
import { features, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

const messages = (page: Page) => page.getByRole('log', { name: 'Conversation' }).locator('.message');
const list = (page: Page) => page.getByRole('list', { name: 'Your conversations' });
const item = (page: Page, title: string) => list(page).getByRole('button', { name: title, exact: true });

/** Asks and waits for the whole echo. */
async function ask(page: Page, question: string) {
  await page.getByPlaceholder('Type your question...').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page).last()).toContainText(`You asked: ${question}`);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
}

/** The history each question the page sends carries, in order. */
function historiesSent(page: Page): AskRequest['history'][] {
  const sent: AskRequest['history'][] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/ask-ai') sent.push((request.postDataJSON() as AskRequest).history);
  });
  return sent;
}

async function openList(page: Page) {
  const toggle = page.getByRole('button', { name: 'Conversations' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(list(page)).toBeVisible();
}

test.skip(!features.chatbot, switchedOff('chatbot'));

test.describe('chatbot conversations', () => {
  test('a guest’s: each with its own memory, renamed, deleted, kept over a reload', async ({ page }) => {
    const errors = watchForErrors(page);
    const sent = historiesSent(page);
    await page.goto('/chatbot');
    await ask(page, 'Capital of France?');
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(messages(page)).toHaveCount(0);
    await expect(page.getByPlaceholder('Type your question...')).toBeFocused();
    await ask(page, 'Capital of Canada?');
    expect(sent[1]).toEqual([]); // nothing of the first conversation

    await openList(page);
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    await expect(item(page, 'Capital of Canada?')).toHaveAttribute('aria-current', 'true');
    await expect(item(page, 'Capital of France?')).not.toHaveAttribute('aria-current');
    await expectNoAxeViolations(page);

    await item(page, 'Capital of France?').click();
    await expect(messages(page)).toHaveCount(2);
    await expect(messages(page).first()).toHaveText('You: Capital of France?');
    await ask(page, 'And its population?');
    expect(sent[2]!.map(({ content }) => content.split('\n').at(-1))).toEqual([
      'Capital of France?',
      'You asked: Capital of France?',
    ]);

    // Rename: Escape cancels, Enter saves.
    await list(page).getByRole('button', { name: 'Rename Capital of Canada?' }).click();
    await page.getByLabel('New title').fill('Never mind');
    await page.getByLabel('New title').press('Escape');
    await expect(list(page).getByRole('button', { name: 'Rename Capital of Canada?' })).toBeFocused();
    await list(page).getByRole('button', { name: 'Rename Capital of France?' }).click();
    await page.getByLabel('New title').fill('Geography');
    await page.getByLabel('New title').press('Enter');
    await expect(item(page, 'Geography')).toBeVisible();
    await expect(item(page, 'Capital of Canada?')).toBeVisible();

    // Delete asks first.
    await list(page).getByRole('button', { name: 'Delete Capital of Canada?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(item(page, 'Capital of Canada?')).toBeVisible();
    await list(page).getByRole('button', { name: 'Delete Capital of Canada?' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(item(page, 'Capital of Canada?')).toHaveCount(0);

    await page.reload();
    await expect(messages(page)).toHaveCount(4);
    await openList(page);
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    await expect(item(page, 'Geography')).toHaveAttribute('aria-current', 'true');

    // A long title is cut, never widening a phone's page.
    await page.getByRole('button', { name: 'New chat' }).click();
    await ask(page, `Why ${'is the sky blue and '.repeat(6)}not green?`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await list(page)
      .getByRole('button', { name: /^Rename Why/ })
      .click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });

  test('a signed-in visitor’s are on the server: another browser sees them', async ({ page, browser, request }) => {
    const errors = watchForErrors(page);
    const { token } = await createUser(request, { prefix: 'chat' });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto('/chatbot');
    // The server keeps the turn before its answer's last event, so it is kept once the page is done with it.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/ask-ai'));
    await ask(page, 'Remember this on my phone?');
    expect((await answered).status()).toBe(200);

    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = waitsForSite(await otherContext.newPage());
    await other.addInitScript((value) => localStorage.setItem('token', value), token);
    await other.goto('/chatbot');
    await expect(messages(other)).toHaveCount(0);
    await openList(other);
    await item(other, 'Remember this on my phone?').click();
    await expect(messages(other)).toHaveCount(2);
    await expect(messages(other).last()).toContainText('You asked: Remember this on my phone?');
    const sent = historiesSent(other);
    await ask(other, 'And this?');
    expect(sent[0]).toHaveLength(2);
    await otherContext.close();

    // The first browser reads the list afresh when it opens.
    await openList(page);
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('could not be saved')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
