// The chatbot's "Ask about my work" against the local echo model (tools/fake-openai), which tells
// the instruction and the passages it was given: the owner's name, cards and pages, read from the
// config (a spec of its own, so the second owner's run takes these and not the whole chatbot's).
import { type Page, expect } from '@playwright/test';
import { features, owner, projects, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';
import { MY_WORK_CHOICE } from '../../src/features/chatbot/logic.ts';
import type { AskEvent } from '../../src/features/chatbot/schema.ts';
import { projectCardId, projectCardPath } from '../../src/lib/project-cards.ts';
import { expectNoAxeViolations, watchForErrors } from './helpers.ts';

const messages = (page: Page) => page.getByRole('log', { name: 'Conversation' }).locator('.message');

async function ask(page: Page, question: string) {
  await page.getByPlaceholder('Type your question...').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

test.skip(!features.chatbot, switchedOff('chatbot'));

test('"Ask about my work" answers from the owner’s material, and its card links lead to the cards', async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.goto('/chatbot');
  await page.getByRole('button', { name: 'What has the owner of this site built?' }).click();
  const answer = messages(page).nth(1);
  // The fake tells the start of a long instruction and its length: the server's prompt, with the
  // owner's name; told to cite cards, it cites the first the prompt holds.
  await expect(answer).toContainText(`told: "You answer visitors' questions about the work of ${owner.name},`);
  await expect(answer).toContainText(/ \(\d{4,} characters\)"\)/);
  await expect(answer).toContainText('You asked: What has the owner of this site built?');
  const card = projects[0]!;
  const link = answer.getByRole('link', { name: 'the source' });
  await expect(link).toHaveAttribute('href', projectCardPath(card.id));
  await expect(link).not.toHaveAttribute('target');
  await expectNoAxeViolations(page);

  await link.click();
  await expect(page).toHaveURL(projectCardPath(card.id));
  const target = page.locator(`#${projectCardId(card.id)}`);
  await expect(target.getByRole('heading', { name: card.title })).toBeVisible();
  await expect(target).toBeInViewport();
  expect(await target.evaluate((element) => element.matches(':target'))).toBe(true);

  // The starter chose the preset; chosen in the picker, the page names it, never sends its prompt.
  await page.goBack();
  await page.getByRole('button', { name: 'Pick How The Chatbot Answers' }).click();
  await expect(page.getByRole('radio', { name: 'Ask about my work' })).toBeChecked();
  await expect(page.getByLabel('System instruction')).toHaveValue(MY_WORK_CHOICE);
  await page.getByRole('radio', { name: 'Helpful assistant' }).check();
  await page.getByRole('radio', { name: 'Ask about my work' }).check();
  const sent: Record<string, unknown>[] = [];
  await page.route('**/api/ask-ai', (route) => {
    sent.push(route.request().postDataJSON() as Record<string, unknown>);
    const events: AskEvent[] = [
      { event: 'text', data: { text: 'Noted.' } },
      { event: 'done', data: { remaining: 5 } },
    ];
    const body = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
    return route.fulfill({ headers: { 'Content-Type': 'text/event-stream' }, body });
  });
  await ask(page, 'And the shop?');
  await expect(messages(page).nth(3)).toHaveText('Chatbot: Noted.');
  expect(sent).toMatchObject([{ userQuestion: 'And the shop?', userSystemChoice: MY_WORK_CHOICE, preset: 'my-work' }]);
  expect(errors).toEqual([]);
});

test('"Ask about my work" shows under the answer the pages it was given, and says when none bears on the question', async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const project = projects[0]!;
  await page.goto('/chatbot');
  await page.getByRole('button', { name: 'Pick How The Chatbot Answers' }).click();
  await page.getByRole('radio', { name: 'Ask about my work' }).check();
  await ask(page, `What is ${project.title}?`);
  const answer = messages(page).nth(1);
  // The local model names the passages it was given; the page lists their pages, chosen by the server.
  await expect(answer).toContainText(`Given passages: [1] `);
  await expect(answer).toContainText(`(/projects/${project.id})`);
  const sources = answer.getByRole('list');
  await expect(answer.getByText('From these pages:')).toBeVisible();
  await expect(sources.getByRole('link', { name: project.title, exact: true })).toHaveAttribute(
    'href',
    `/projects/${project.id}`,
  );
  await expectNoAxeViolations(page);

  await ask(page, 'Who won the football world cup in 1998?');
  const offTopic = messages(page).nth(3);
  await expect(offTopic).toContainText('Given no passage.');
  await expect(offTopic.getByText('From these pages:')).toHaveCount(0);

  await sources.getByRole('link', { name: project.title, exact: true }).click();
  await expect(page).toHaveURL(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.title);
  expect(errors).toEqual([]);
});
