// The forum with two members of clearance 2, and a clearance-1 user turned away.
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { features, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

const newUser = (request: APIRequestContext, clearance: number) => createUser(request, { clearance, prefix: 'member' });

async function openForumAs(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/forum');
}

const input = (page: Page) => page.getByPlaceholder('Enter your message (Max 3000 characters)');
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test.skip(!features.forum, switchedOff('forum'));

test.describe('forum', () => {
  // One forum for all: the test that posts a batch of 55 would push the others' messages out of
  // the newest 50 if it ran beside them. Two browsers share two cores with the other worker: a minute each.
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

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
    const other = waitsForSite(await otherContext.newPage());
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

  test('messages render as sanitized markdown; hostile markup stays inert; the draft previews', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    const ada = await newUser(request, 2);
    await page.addInitScript(() => ((window as unknown as { pwned: boolean }).pwned = false));
    await openForumAs(page, ada.token);
    await expect(page.getByText('Markdown works:')).toBeVisible();
    const marker = `md-${ada.username}`;
    const text = [
      `**${marker}** with a list:`,
      '',
      '- first item',
      '- second item',
      '',
      '```js',
      'console.log("<script>window.pwned = true</script>");',
      '```',
      '',
      '<img src=x onerror="window.pwned = true"> and [bad](javascript:window.pwned=true) and [good](https://example.com/docs)',
    ].join('\n');
    await input(page).fill(text);
    // The preview shows it as it will read, before it is posted.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview of your message' });
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(input(page)).toHaveValue(text);
    await page.getByRole('button', { name: 'Post' }).click();

    const posted = card(page, marker);
    await expect(posted.locator('strong', { hasText: marker })).toBeVisible();
    await expect(posted.getByRole('listitem')).toHaveCount(2);
    await expect(posted.getByRole('button', { name: /Copy/ })).toBeVisible();
    await expect(posted.locator('pre code')).toContainText('<script>window.pwned = true</script>');
    const good = posted.getByRole('link', { name: /good/ });
    await expect(good).toHaveAttribute('href', 'https://example.com/docs');
    await expect(good).toHaveAttribute('target', '_blank');
    await expect(good).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(posted.getByRole('link', { name: /bad/ })).toHaveCount(0);
    await expect(posted.locator('img, script')).toHaveCount(0);
    await expect(posted).toContainText('<img src=x onerror="window.pwned = true">');
    expect(await page.evaluate(() => (window as unknown as { pwned: boolean }).pwned)).toBe(false);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('the author edits within 15 minutes (marked edited); a moderator deletes anyone’s after confirming', async ({
    page,
    browser,
    request,
  }) => {
    const ada = await newUser(request, 2);
    const moderator = await createUser(request, { clearance: 3, prefix: 'mod' });
    await page.clock.install();
    await openForumAs(page, ada.token);
    const first = `Frist post ${ada.username}`;
    await input(page).fill(first);
    await page.getByRole('button', { name: 'Post' }).click();
    await card(page, first).getByRole('button', { name: 'Edit your message' }).click();
    const box = page.getByLabel('Edit your message');
    await expect(box).toBeFocused();
    await box.fill(`First post ${ada.username}`);
    await page.getByRole('button', { name: 'Save' }).click();
    const edited = card(page, `First post ${ada.username}`);
    await expect(edited).toContainText('edited');
    await expectNoAxeViolations(page);
    // Fifteen minutes on, Edit is gone.
    await page.clock.fastForward('15:30');
    await expect(edited.getByRole('button', { name: 'Edit your message' })).toHaveCount(0);
    await expect(edited.getByRole('button', { name: 'Delete your message' })).toBeVisible();

    const modContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const mod = waitsForSite(await modContext.newPage());
    await openForumAs(mod, moderator.token);
    const target = card(mod, `First post ${ada.username}`);
    await target.getByRole('button', { name: `Delete the message from ${ada.username}` }).click();
    const dialog = mod.getByRole('dialog', { name: 'Delete this message?' });
    await expect(dialog).toContainText(`The message from ${ada.username} will be deleted for everyone.`);
    await expectNoAxeViolations(mod);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(target).toBeVisible();
    await target.getByRole('button', { name: `Delete the message from ${ada.username}` }).click();
    await mod.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(target).toHaveCount(0);
    await modContext.close();
  });

  test('shows the newest 50, loads older ones above, and shows new messages without a reload', async ({
    page,
    request,
  }) => {
    const posters = await Promise.all([1, 2, 3].map(() => newUser(request, 2)));
    const oldest = `Oldest of the batch ${posters[0]!.username}`;
    const say = (token: string, text: string) =>
      request.post('/api/messages/create-message', { data: { text }, headers: { Authorization: `Bearer ${token}` } });
    expect((await say(posters[0]!.token, oldest)).ok()).toBe(true);
    for (const [index, poster] of posters.entries()) {
      for (let i = 0; i < 18; i++) expect((await say(poster.token, `Batch ${index}.${i}`)).ok()).toBe(true);
    }
    await openForumAs(page, posters[0]!.token);
    const messages = page.getByRole('region', { name: 'Messages' });
    await expect(messages.getByRole('article').first()).toBeVisible();
    await expect(messages.getByRole('article')).toHaveCount(50);
    await expect(card(page, oldest)).toHaveCount(0);
    const older = page.getByRole('button', { name: 'Load older' });
    for (let i = 0; i < 20 && (await card(page, oldest).count()) === 0; i++) {
      await older.click();
      await expect(page.getByRole('button', { name: /Loading older/ })).toHaveCount(0);
    }
    await expect(card(page, oldest)).toHaveCount(1);
    expect(await messages.getByRole('article').count()).toBeGreaterThan(50);

    // Someone else posts: it appears here within a few seconds, with no reload.
    const news = `News from ${posters[1]!.username}`;
    expect((await say(posters[1]!.token, news)).ok()).toBe(true);
    await expect(card(page, news)).toBeVisible();
  });
});
