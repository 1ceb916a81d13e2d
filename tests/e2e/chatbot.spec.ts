// The chatbot against the local echo model (tools/fake-openai) that the test server starts.
import { type Page, expect, test } from '@playwright/test';
import { expectNoAxeViolations, watchForErrors } from './helpers.ts';

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const messages = (page: Page) => conversation(page).locator('.message');

/** The line that says how many questions remain today. */
const questionsLeft = (page: Page) => page.getByRole('status').filter({ hasText: 'left today' });
const countIn = async (status: ReturnType<typeof questionsLeft>) =>
  Number(/\d+/.exec((await status.textContent())!)![0]);

async function ask(page: Page, question: string) {
  await page.getByPlaceholder('Type your question...').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

test.describe('chatbot', () => {
  test('asks: the question, a ... placeholder while busy, then the answer with its line breaks', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto('/chatbot');
    await expect(page.getByText('No messages yet. Ask the chatbot anything.')).toBeVisible();
    await expectNoAxeViolations(page);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ask-ai', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByPlaceholder('Type your question...').fill('What is Astro?');
    await page.keyboard.press('Enter');
    await expect(messages(page)).toHaveCount(2);
    await expect(messages(page).nth(0)).toHaveText('You: What is Astro?');
    await expect(messages(page).nth(1)).toHaveText('Chatbot: ...');
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await expect(page.getByPlaceholder('Type your question...')).toHaveValue('');
    release();

    const answer = messages(page).nth(1);
    await expect(answer).toContainText('You asked: What is Astro?');
    // Two lines, kept as two lines.
    expect(await answer.evaluate((element) => (element as HTMLElement).innerText)).toMatch(/told: ".*"\)\nYou asked/);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expectNoAxeViolations(page);

    // The conversation survives a reload.
    await page.reload();
    await expect(messages(page)).toHaveCount(2);
    await expect(messages(page).nth(1)).toContainText('You asked: What is Astro?');
    expect(errors).toEqual([]);
  });

  test('follows a system instruction the visitor picks', async ({ page }) => {
    await page.goto('/chatbot');
    const toggle = page.getByRole('button', { name: 'Pick How The Chatbot Answers' });
    const instruction = page.getByLabel('System instruction');
    await expect(instruction).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(instruction).toHaveValue('You are a helpful assistant.');
    await expectNoAxeViolations(page);
    await instruction.fill('Answer like a pirate.');
    await ask(page, 'Where is the treasure?');
    await expect(messages(page).nth(1)).toContainText('told: "Answer like a pirate."');
    await toggle.click();
    await expect(instruction).toBeHidden();
  });

  test('sends nothing for a blank question; Clear Chat empties the conversation', async ({ page }) => {
    await page.goto('/chatbot');
    let calls = 0;
    await page.route('**/api/ask-ai', (route) => {
      calls++;
      return route.continue();
    });
    await ask(page, '   ');
    await page.getByPlaceholder('Type your question...').press('Enter');
    await expect(page.getByText('No messages yet. Ask the chatbot anything.')).toBeVisible();
    expect(calls).toBe(0);

    await ask(page, 'Hello');
    await expect(messages(page).nth(1)).toContainText('You asked: Hello');
    await page.getByRole('button', { name: 'Clear Chat' }).click();
    await expect(messages(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clear Chat' })).toBeDisabled();
    await page.reload();
    await expect(messages(page)).toHaveCount(0);
  });

  test('shows answers as text, never as HTML', async ({ page }) => {
    await page.goto('/chatbot');
    await ask(page, '<img src=x onerror="document.title=1"><b>bold</b>');
    await expect(messages(page).nth(1)).toContainText('You asked: <img src=x onerror="document.title=1"><b>bold</b>');
    await expect(conversation(page).locator('img, b')).toHaveCount(0);
  });

  test('shows the spec texts when the bot check refuses and when the AI call fails', async ({ page }) => {
    await page.goto('/chatbot');
    await page.route('**/api/verify-recaptcha', (route) =>
      route.fulfill({ json: { actionApproved: false, message: 'Low score.' } }),
    );
    await ask(page, 'Am I human?');
    await expect(messages(page).nth(1)).toHaveText(
      'Chatbot: Recaptcha could not verify you are a human. Please try again later.',
    );

    await page.unroute('**/api/verify-recaptcha');
    await page.route('**/api/ask-ai', (route) =>
      route.fulfill({
        status: 503,
        json: { error: 'Unable to reach chatbot. An error has occurred.', code: 'unavailable' },
      }),
    );
    await ask(page, 'Are you there?');
    await expect(messages(page).nth(3)).toHaveText('Chatbot: Unable to reach chatbot. An error has occurred.');
    await expectNoAxeViolations(page);
  });

  test('shows the questions left today, one fewer after each answer, without moving the page', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The count arrives late, after the island has rendered: its line is already there, empty.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ask-ai/quota', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/chatbot');
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    const notice = page.locator('.captcha-notice');
    const before = await notice.boundingBox();
    release();
    const left = questionsLeft(page);
    await expect(left).toHaveText(/^\d+ questions? left today\.$/);
    expect(await notice.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

    const count = await countIn(left);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/ask-ai'));
    await ask(page, 'How many may I ask?');
    const { remaining } = (await (await answered).json()) as { remaining: number };
    // Other tests ask from the same address at the same time: at least this question is counted.
    expect(remaining).toBeLessThan(count);
    await expect(left).toHaveText(`${remaining} question${remaining === 1 ? '' : 's'} left today.`);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('says when no questions remain, and shows the reason when the server refuses one', async ({ page }) => {
    // The real caps are shared by every test from this address: the last answer and the refusal are staged.
    await page.route('**/api/ask-ai/quota', (route) => route.fulfill({ json: { remaining: 1 } }));
    await page.goto('/chatbot');
    await expect(questionsLeft(page)).toHaveText('1 question left today.');
    await page.route('**/api/ask-ai', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), remaining: 0 } });
    });
    await ask(page, 'My last question?');
    await expect(messages(page).nth(1)).toContainText('You asked: My last question?');
    const none = page.getByRole('status').filter({ hasText: 'No questions left today.' });
    await expect(none).toHaveText(
      /^No questions left today\. You can ask again after 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/,
    );
    await expectNoAxeViolations(page);

    const refusal = 'You have asked the 20 questions allowed today. You can ask again after 00:00 UTC (in 5 hours).';
    await page.unroute('**/api/ask-ai');
    await page.route('**/api/ask-ai', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '18000' },
        json: { error: refusal, code: 'rate_limited' },
      }),
    );
    await page.unroute('**/api/ask-ai/quota');
    await page.route('**/api/ask-ai/quota', (route) => route.fulfill({ json: { remaining: 0 } }));
    await ask(page, 'One more?');
    await expect(messages(page).nth(3)).toHaveText(`Chatbot: ${refusal}`);
    await expect(none).toBeVisible();
  });
});
