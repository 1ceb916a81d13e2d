// The forum with two members of clearance 2, and a clearance-1 user turned away.
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

const newUser = (request: APIRequestContext, clearance: number) => createUser(request, { clearance, prefix: 'member' });

async function openForumAs(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/forum');
}

const input = (page: Page) => page.getByPlaceholder('Enter your message (Max 3000 characters)');
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test.describe('forum', () => {
  test('a clearance-1 user lands on /unauthorized', async ({ page, request }) => {
    const visitor = await newUser(request, 1);
    await openForumAs(page, visitor.token);
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test('two members post and see each other; only the author can delete', async ({ page, browser, request }) => {
    const errors = watchForErrors(page);
    const ada = await newUser(request, 2);
    const grace = await newUser(request, 2);
    await page.clock.install();
    await openForumAs(page, ada.token);
    await expect(page.getByRole('heading', { level: 1, name: 'Forum' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();

    const post = page.getByRole('button', { name: 'Post' });
    await expect(post).toBeDisabled();
    await input(page).fill('   ');
    await expect(post).toBeDisabled();
    const adaText = `Hello from ${ada.username}`;
    await input(page).fill(`${adaText}\nSecond line`);
    await post.click();
    await expect(input(page)).toHaveValue('');
    const adaCard = card(page, adaText);
    await expect(adaCard).toContainText(ada.username);
    await expect(adaCard).toContainText('Posted just now');
    await expect(adaCard.getByRole('button', { name: 'Delete your message' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Relative times move on while the page is open.
    await page.clock.fastForward('02:00');
    await expect(adaCard).toContainText('Posted 2 minutes ago');

    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await otherContext.newPage();
    await openForumAs(other, grace.token);
    await expect(card(other, adaText)).toBeVisible();
    await expect(card(other, adaText).getByRole('button', { name: /Delete/ })).toHaveCount(0);
    const graceText = `Grace says hi ${grace.username}`;
    await input(other).fill(graceText);
    await other.getByRole('button', { name: 'Post' }).click();
    await expect(card(other, graceText)).toBeVisible();
    await card(other, graceText).getByRole('button', { name: 'Delete your message' }).click();
    await expect(card(other, graceText)).toHaveCount(0);
    await expectNoAxeViolations(other);
    await otherContext.close();

    await page.reload();
    await expect(card(page, adaText)).toBeVisible();
    await card(page, adaText).getByRole('button', { name: 'Delete your message' }).click();
    await expect(card(page, adaText)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the input stops at 3000 characters, and a longer submit shows the spec message', async ({ page, request }) => {
    const ada = await newUser(request, 2);
    await openForumAs(page, ada.token);
    await input(page).fill('x'.repeat(3001));
    await expect(input(page)).toHaveValue('x'.repeat(3000));

    // Past the limit only by script (a paste is cut at 3000 too): the submit is refused.
    await input(page).evaluate((element: HTMLTextAreaElement) => {
      element.removeAttribute('maxlength');
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(element, 'y'.repeat(3001));
      element.dispatchEvent(new Event('input', { bubbles: true }));
    });
    let posted = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/messages/create-message')) posted = true;
    });
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByRole('alert')).toHaveText('Message cannot exceed 3000 characters.');
    expect(posted).toBe(false);
    await expectNoAxeViolations(page);
  });
});
