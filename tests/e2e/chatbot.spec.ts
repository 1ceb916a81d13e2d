// The chatbot against the local echo model (tools/fake-openai) that the test server starts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, type Route, expect } from '@playwright/test';
import { features, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';
import { DEFAULT_SYSTEM_CHOICE } from '../../src/features/chatbot/logic.ts';
import type { AskEvent } from '../../src/features/chatbot/schema.ts';
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

/** Answers an ask-ai request with these events, streamed as the function streams them. */
function fulfilStream(route: Route, events: AskEvent[]) {
  return route.fulfill({
    headers: { 'Content-Type': 'text/event-stream' },
    body: events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
  });
}

/** The questions left that a streamed answer's `done` event carries. */
function remainingIn(stream: string): number {
  const done = /event: done\ndata: (.*)\n/.exec(stream);
  return (JSON.parse(done![1]!) as { remaining: number }).remaining;
}

/**
 * Sends the page's questions through a proxy that passes the first answer as far as its first words
 * (its first `text` event) and holds the rest until `release()`: what the page shows meanwhile, it
 * shows while the answer is still on its way. Later answers pass as they come. A page that leaves
 * (Stop) ends the server's request too.
 */
async function holdAfterFirstWords(page: Page) {
  const firstWords = Promise.withResolvers<string>();
  const released = Promise.withResolvers<void>();
  const origin = test.info().project.use.baseURL!;
  const proxy = createServer(async (request, response) => {
    const left = new AbortController();
    const gone = new Promise((resolve) => left.signal.addEventListener('abort', resolve));
    response.on('close', () => left.abort());
    const body: Buffer[] = [];
    for await (const chunk of request) body.push(chunk as Buffer);
    const headers = Object.entries(request.headers).filter(
      ([name]) => !['host', 'connection', 'content-length', 'sec-fetch-site'].includes(name),
    );
    try {
      const upstream = await fetch(new URL(request.url!, origin), {
        method: request.method,
        // The page's own request: its new address made it look same-site.
        headers: [...(headers as [string, string][]), ['sec-fetch-site', 'same-origin']],
        body: Buffer.concat(body),
        signal: left.signal,
      });
      response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type')! });
      let held: string | undefined = upstream.ok ? '' : undefined;
      for await (const text of upstream.body!.pipeThrough(new TextDecoderStream())) {
        if (held === undefined) {
          response.write(text);
          continue;
        }
        held += text;
        const first = /event: text\ndata: (.*)\n\n/.exec(held);
        if (!first) continue;
        const end = first.index + first[0].length;
        response.write(held.slice(0, end));
        firstWords.resolve((JSON.parse(first[1]!) as { text: string }).text);
        await Promise.race([released.promise, gone]);
        if (left.signal.aborted) return;
        response.write(held.slice(end));
        held = undefined;
      }
      response.end(held);
    } catch (error) {
      if (!left.signal.aborted) throw error;
    }
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  page.on('close', () => proxy.close());
  const { port } = proxy.address() as AddressInfo;
  await page.route('**/api/ask-ai', (route) => route.continue({ url: `http://127.0.0.1:${port}/api/ask-ai` }));
  return { firstWords: firstWords.promise, release: () => released.resolve() };
}

/**
 * A question whose echo (the local model answers "You asked: …" in 8-character pieces every 40 ms)
 * takes about four seconds to stream, ending in THE END: well within the model's 8 s bound on a
 * whole answer, even on a busy machine.
 */
const LONG_QUESTION = `Stream this: ${'word '.repeat(140)}THE END`;

test.skip(!features.chatbot, switchedOff('chatbot'));

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

  test('follows the instruction the visitor picks, a preset or their own, and remembers it', async ({ page }) => {
    await page.goto('/chatbot');
    const toggle = page.getByRole('button', { name: 'Pick How The Chatbot Answers' });
    const instruction = page.getByLabel('System instruction');
    await expect(instruction).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(instruction).toHaveValue('You are a helpful assistant.');
    await expect(page.getByRole('radio', { name: 'Helpful assistant' })).toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Code reviewer' }).check();
    await expect(instruction).toHaveValue(/^You are a senior code reviewer\./);
    const held = await holdAfterFirstWords(page);
    await ask(page, 'Review this.');
    await expect(messages(page).nth(1)).toContainText(await held.firstWords);

    // Typed while the answer streams, the answer ending mid-way: the typing stays in the instruction.
    await instruction.fill('Answer like');
    held.release();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await page.keyboard.type(' a pirate.');
    await expect(instruction).toHaveValue('Answer like a pirate.');
    await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
    // The answer followed the instruction it was asked with.
    await expect(messages(page).nth(1)).toContainText('told: "You are a senior code reviewer.');
    await ask(page, 'Where is the treasure?');
    await expect(messages(page).nth(3)).toContainText('told: "Answer like a pirate."');
    await toggle.click();
    await expect(instruction).toBeHidden();

    // Remembered across a reload, the visitor's own text kept while a preset is chosen.
    await page.reload();
    await toggle.click();
    await expect(instruction).toHaveValue('Answer like a pirate.');
    await page.getByRole('radio', { name: 'Concise' }).check();
    await page.getByRole('radio', { name: 'Custom' }).check();
    await expect(instruction).toHaveValue('Answer like a pirate.');
    await expect(instruction).toBeFocused();
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
    // The stream passes through the test, which reads the count its `done` event carries.
    const answered = Promise.withResolvers<number>();
    await page.route('**/api/ask-ai', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      answered.resolve(remainingIn(body));
      await route.fulfill({ response, body });
    });
    await ask(page, 'How many may I ask?');
    const remaining = await answered.promise;
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
    await page.route('**/api/ask-ai', (route) =>
      fulfilStream(route, [
        { event: 'text', data: { text: 'My last answer.' } },
        { event: 'done', data: { remaining: 0 } },
      ]),
    );
    await ask(page, 'My last question?');
    await expect(messages(page).nth(1)).toHaveText('Chatbot: My last answer.');
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

  test('streams the answer: its words show as they arrive, and a screen reader hears it once, when done', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = watchForErrors(page);
    await page.goto('/chatbot');
    // Not a live region: every few words would be read out.
    await expect(conversation(page)).toHaveAttribute('aria-live', 'off');
    // What is heard from the status lines, and the answer as it first shows words, with Stop beside it:
    // read as they show, since a page on a busy machine can fall behind the stream and then show the
    // rest at once, Stop gone before the test could look.
    const firstWords = page.evaluate(
      () =>
        new Promise<{ text: string; busy: string | null; stop: boolean }>((resolve) => {
          const heard: string[] = [];
          (window as unknown as { heard: string[] }).heard = heard;
          for (const region of document.querySelectorAll('[role=status]')) {
            new MutationObserver(() => heard.push(region.textContent.trim())).observe(region, {
              childList: true,
              subtree: true,
              characterData: true,
            });
          }
          const log = document.querySelector('[role=log]')!;
          const watch = new MutationObserver(() => {
            const answer = log.querySelectorAll('.message')[1];
            if (!answer?.textContent.includes('You asked')) return;
            watch.disconnect();
            const stop = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Stop');
            resolve({
              text: answer.textContent,
              busy: answer.getAttribute('aria-busy'),
              stop: Boolean(stop?.checkVisibility()),
            });
          });
          watch.observe(log, { childList: true, subtree: true, characterData: true });
        }),
    );
    await ask(page, LONG_QUESTION);
    const answer = messages(page).nth(1);
    // The first words show while the rest is still coming.
    expect(await firstWords).toMatchObject({ text: expect.not.stringContaining('THE END'), busy: 'true', stop: true });
    await expectNoAxeViolations(page);

    await expect(answer).toContainText('THE END', { timeout: 30_000 });
    await expect(answer).not.toHaveAttribute('aria-busy');
    await expect(page.getByRole('status').filter({ hasText: 'You asked: Stream this' })).toHaveText(
      /^Chatbot:\s+\(local test model, told: "You are a helpful assistant\."\)\s+You asked: Stream this: (word ){140}THE END$/,
    );
    const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    expect(heard.filter((text) => text.includes('You asked'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('shows the first words while the rest of the answer is on its way, the placeholder until then', async ({
    page,
  }) => {
    await page.goto('/chatbot');
    await expect(conversation(page)).toBeVisible();
    // What the answer shows, in order.
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { shown: string[] }).shown = shown;
      const log = document.querySelector('[role=log]')!;
      new MutationObserver(() => {
        const text = log.querySelectorAll('.message')[1]?.textContent;
        if (text && text !== shown.at(-1)) shown.push(text);
      }).observe(log, { childList: true, subtree: true, characterData: true });
    });
    const held = await holdAfterFirstWords(page);
    await ask(page, 'Quick question?');
    const first = await held.firstWords;
    const answer = messages(page).nth(1);
    await expect(answer).toHaveText(`Chatbot: ${first}`);
    await expect(answer).toHaveAttribute('aria-busy', 'true');
    expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual([
      'Chatbot: ...',
      `Chatbot: ${first}`,
    ]);

    held.release();
    await expect(answer).toContainText('You asked: Quick question?');
    await expect(answer).not.toHaveAttribute('aria-busy');
  });

  test('Stop keeps the words that arrived, marked stopped; Regenerate answers again in its place', async ({ page }) => {
    await page.goto('/chatbot');
    const held = await holdAfterFirstWords(page);
    const aborted = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/ask-ai'));
    await ask(page, 'Tell me a long story.');
    const answer = messages(page).nth(1);
    const first = await held.firstWords;
    await expect(answer).toHaveText(`Chatbot: ${first}`);
    await page.getByRole('button', { name: 'Stop' }).click();
    await aborted;
    await expect(answer).toHaveText(`Chatbot: ${first}Stopped.`);
    held.release();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(page.getByPlaceholder('Type your question...')).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Answer stopped.' })).toBeAttached();

    // Still there, still stopped, after a reload.
    await page.reload();
    await expect(answer).toHaveText(`Chatbot: ${first}Stopped.`);
    await page.getByRole('button', { name: 'Regenerate the answer' }).click();
    await expect(answer).toContainText('You asked: Tell me a long story.');
    await expect(answer).not.toContainText('Stopped.');
    await expect(messages(page)).toHaveCount(2);
  });

  test('Enter sends and Shift+Enter adds a line; the last question can be edited and sent again', async ({ page }) => {
    await page.goto('/chatbot');
    const box = page.getByPlaceholder('Type your question...');
    await box.fill('Capital of France?');
    await box.press('Shift+Enter');
    await box.pressSequentially('Just the name.');
    await expect(box).toHaveValue('Capital of France?\nJust the name.');
    await expect(messages(page)).toHaveCount(0);
    await box.press('Enter');
    await expect(messages(page).nth(1)).toContainText('You asked: Capital of France?\nJust the name.');

    await ask(page, 'And of Germany?');
    await expect(messages(page).nth(3)).toContainText('You asked: And of Germany?');
    await page.getByRole('button', { name: 'Edit your question' }).click();
    await expect(box).toHaveValue('And of Germany?');
    await expect(box).toBeFocused();
    await expect(page.getByText('Editing your last question.')).toBeVisible();
    const request = page.waitForRequest((sent) => sent.url().endsWith('/api/ask-ai'));
    await box.fill('And of Italy?');
    await box.press('Enter');
    // The edited question replaces the last one; the model sees the conversation before it.
    expect((await request).postDataJSON()).toMatchObject({
      userQuestion: 'And of Italy?',
      history: [
        { role: 'user', content: 'Capital of France?\nJust the name.' },
        {
          role: 'assistant',
          content:
            '(local test model, told: "You are a helpful assistant.")\nYou asked: Capital of France?\nJust the name.',
        },
      ],
    });
    await expect(messages(page).nth(3)).toContainText('You asked: And of Italy?');
    await expect(messages(page)).toHaveCount(4);
    await expect(messages(page).nth(2)).toHaveText('You: And of Italy?');
  });

  test('renders answers as markdown: a list, a table, and highlighted code with Copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/chatbot');
    await ask(
      page,
      'Format this:\n\n- apples\n- pears\n\n| Fruit | Kilos |\n| --- | --- |\n| Plums | 3 |\n\n```js\nconst total = 42;\n```',
    );
    const answer = messages(page).nth(1);
    await expect(answer.locator('li')).toHaveText(['apples', 'pears']);
    await expect(answer.locator('table td')).toHaveText(['Plums', '3']);
    await expect(answer.locator('code .hljs-keyword')).toHaveText('const');
    // The whole block arrived (the answer streams): Copy takes what is there.
    await expect(answer.locator('pre code')).toHaveText('const total = 42;');
    await answer.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByText('The code is on your clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const total = 42;');
    await expectNoAxeViolations(page);
  });

  test('renders hostile answers inert: no HTML, no script links, no script', async ({ page }) => {
    const errors = watchForErrors(page);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto('/chatbot');
    await ask(
      page,
      [
        '<img src=x onerror="window.hacked=1"> <a href="javascript:alert(1)">html link</a>',
        '[script link](javascript:alert(2)) and [docs](https://example.com/docs)',
        '```html\n<script>window.hacked=3;alert(3)</script>\n```',
      ].join('\n\n'),
    );
    const answer = messages(page).nth(1);
    await expect(answer.locator('code')).toHaveText('<script>window.hacked=3;alert(3)</script>');
    await expect(answer).toContainText('<img src=x onerror="window.hacked=1">');
    await expect(answer).toContainText('script link');
    await expect(conversation(page).locator('img, script, [onerror]')).toHaveCount(0);
    // One link, the https one, in a new tab without the opener, referrer or endorsement.
    const links = conversation(page).getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAccessibleName('docs (opens in a new tab)');
    await expect(links).toHaveAttribute('href', 'https://example.com/docs');
    await expect(links).toHaveAttribute('target', '_blank');
    await expect(links).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(dialogs).toBe(0);
    expect(errors).toEqual([]);
  });

  test('keeps the words that arrived when the model fails part-way, with the error and Retry', async ({ page }) => {
    await page.goto('/chatbot');
    await page.route('**/api/ask-ai', (route) =>
      fulfilStream(route, [
        { event: 'text', data: { text: 'The first half of an' } },
        { event: 'error', data: { error: 'Unable to reach chatbot. An error has occurred.', code: 'unavailable' } },
      ]),
    );
    await ask(page, 'Explain closures.');
    const answer = messages(page).nth(1);
    await expect(answer).toHaveText('Chatbot: The first half of anUnable to reach chatbot. An error has occurred.');
    await expect(page.getByRole('status').filter({ hasText: 'Chatbot: Unable to reach chatbot.' })).toBeAttached();
    await expectNoAxeViolations(page);

    await page.unroute('**/api/ask-ai');
    await page.getByRole('button', { name: 'Retry the answer' }).click();
    await expect(answer).toContainText('You asked: Explain closures.');
    await expect(answer).not.toContainText('The first half');
    await expect(page.getByRole('button', { name: 'Regenerate the answer' })).toBeVisible();
  });

  // The chatbot's own questions are counted against one address's limit (20 in 10 minutes) for the
  // whole file: these answer from the page's side where the server's answer is not the point.

  test('copies a whole answer as markdown, says Copied, and says so when the browser refuses', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/chatbot');
    const markdown = 'A **bold** word, a [link](https://example.com/) and:\n\n- one\n- two';
    await page.route('**/api/ask-ai', (route) =>
      fulfilStream(route, [
        { event: 'text', data: { text: markdown } },
        { event: 'done', data: { remaining: 5 } },
      ]),
    );
    await ask(page, 'Format something.');
    await expect(messages(page).nth(1).locator('li')).toHaveText(['one', 'two']);
    const copy = page.getByRole('button', { name: 'Copy the answer' });
    await expect(copy).toHaveCount(1);
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied the answer' })).toBeVisible();
    await expect(page.getByText('The answer is on your clipboard.')).toBeVisible();
    // The markdown as written, not the text as shown.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    await expectNoAxeViolations(page);
    // The button says Copied for a moment, then Copy again.
    await expect(copy).toBeVisible();

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Refused.', 'NotAllowedError'));
    });
    await copy.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not copied' })).toContainText(
      'This browser did not allow copying. Select the answer and copy it instead.',
    );
    await expect(copy).toBeVisible();
  });

  test('starts an empty conversation with a starter question, sent at a click', async ({ page }) => {
    await page.goto('/chatbot');
    const sent: Record<string, unknown>[] = [];
    await page.route('**/api/ask-ai', (route) => {
      sent.push(route.request().postDataJSON() as Record<string, unknown>);
      return fulfilStream(route, [
        { event: 'text', data: { text: 'Closures keep their scope.' } },
        { event: 'done', data: { remaining: 5 } },
      ]);
    });
    const starters = page.getByRole('list', { name: 'Questions to start with' }).getByRole('button');
    await expect(starters).toHaveCount(4);
    await page.getByRole('button', { name: 'Explain JavaScript closures with a small example.' }).click();
    await expect(messages(page).nth(0)).toHaveText('You: Explain JavaScript closures with a small example.');
    await expect(messages(page).nth(1)).toHaveText('Chatbot: Closures keep their scope.');
    // Asked under the visitor's instruction, as typed questions are.
    expect(sent).toEqual([
      {
        userQuestion: 'Explain JavaScript closures with a small example.',
        userSystemChoice: DEFAULT_SYSTEM_CHOICE,
        history: [],
      },
    ]);
    await expect(starters).toHaveCount(0);
    await expect(page.getByPlaceholder('Type your question...')).toBeFocused();
    await page.getByRole('button', { name: 'Clear Chat' }).click();
    await expect(starters).toHaveCount(4);
  });
});
