// The forum with two members of clearance 2, and a clearance-1 user turned away.
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { hasMarkdown } from '../../src/features/forum/logic.ts';
import type { ForumMessage, MessagesResponse } from '../../src/features/forum/schema.ts';
import { features, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations, mailedLink, watchForErrors } from './helpers.ts';

const newUser = (request: APIRequestContext, clearance: number) => createUser(request, { clearance, prefix: 'member' });

/** Shows the page again in the light theme (the main site's default is dark), for an axe scan there too. */
async function inLightTheme(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

async function openForumAs(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/forum');
}

const input = (page: Page) => page.getByPlaceholder('Enter your message (Max 3000 characters)');
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
/** A top-level message's card, by its author and text (its replies are inside it). */
const message = (page: Page, author: string, text: string) =>
  page.getByRole('article', { name: `Message from ${author}` }).filter({ hasText: text });
/** A reply's card, by its text. */
const reply = (page: Page, text: string) =>
  page.getByRole('article', { name: /^Reply from / }).filter({ hasText: text });

/** Posts as the token's user through the API (a reply when `replyTo` is given); answers the message's id. */
async function say(request: APIRequestContext, token: string, text: string, replyTo?: string): Promise<string> {
  const response = await request.post('/api/messages/create-message', {
    data: { text, ...(replyTo ? { replyTo } : {}) },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { message: { _id: string } }).message._id;
}

test.skip(!features.forum, switchedOff('forum'));

test.describe('forum', () => {
  // One forum for all: the test that posts a batch of 55 would push the others' messages out of
  // the newest 50 if it ran beside them. Two browsers share two cores with the other worker, and an
  // axe scan of 50 messages with their reactions takes a while: two minutes each.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('a guest lands on /unauthorized; a clearance-1 user sees why the forum is closed, not the messages', async ({
    page,
    request,
  }) => {
    await page.goto('/forum');
    await expect(page).toHaveURL(/\/unauthorized$/);
    const visitor = await newUser(request, 1);
    await openForumAs(page, visitor.token);
    await expect(page).toHaveURL(/\/forum$/);
    await expect(page.getByRole('heading', { name: 'The forum is for members' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ask to join' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages' })).toHaveCount(0);
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
    const posted: [token: string, id: string][] = [];
    const post = async (token: string, text: string) => posted.push([token, await say(request, token, text)]);
    await post(posters[0]!.token, oldest);
    for (const [index, poster] of posters.entries()) {
      for (let i = 0; i < 18; i++) await post(poster.token, `Batch ${index}.${i}`);
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
    await post(posters[1]!.token, news);
    await expect(card(page, news)).toBeVisible();

    // The batch goes: left, it would be the 50 messages every later forum page shows, and its
    // accessibility scan reads (a scan of 50 takes about six times one of five).
    for (const [token, id] of posted) {
      const response = await request.delete(`/api/messages/delete/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
  });

  test('replies show under their message, the first three, then Load more replies; a reply box opens under the thread', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    const ada = await newUser(request, 2);
    const grace = await newUser(request, 2);
    const topic = `Picnic on Sunday? ${ada.username}`;
    const id = await say(request, ada.token, topic);
    for (let i = 1; i <= 5; i++) await say(request, grace.token, `Answer ${i} from ${grace.username}`, id);
    await openForumAs(page, ada.token);
    const thread = message(page, ada.username, topic);
    await expect(thread.getByRole('list', { name: `Replies to ${ada.username}, 5 replies` })).toBeVisible();
    await expect(thread.getByRole('article', { name: `Reply from ${grace.username}` })).toHaveCount(3);
    await expect(reply(page, `Answer 4 from`)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await thread.getByRole('button', { name: 'Load more replies (2 more)' }).click();
    await expect(thread.getByRole('article', { name: `Reply from ${grace.username}` })).toHaveCount(5);
    await expect(thread.getByRole('button', { name: /Load more replies/ })).toHaveCount(0);

    // Replying to a reply answers the thread, starting with a mention of its author; by keyboard.
    const replyToGrace = reply(page, 'Answer 5 from').getByRole('button', { name: `Reply to ${grace.username}` });
    await replyToGrace.click();
    const box = page.getByRole('textbox', { name: `Reply to ${ada.username}` });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(`@${grace.username} `);
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(replyToGrace).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    await page.keyboard.type('Bring the blanket.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expect(box).toHaveCount(0);
    const mine = reply(page, 'Bring the blanket.');
    await expect(mine).toContainText(ada.username);
    await expect(mine.getByRole('button', { name: 'Delete your reply' })).toBeVisible();
    await expect(replyToGrace).toBeFocused();
    await expect(thread.getByRole('list', { name: `Replies to ${ada.username}, 6 replies` })).toBeVisible();

    // Deleting the message asks first, saying its replies go with it.
    await thread.getByRole('button', { name: 'Delete your message' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
    await expect(dialog).toContainText('Its 6 replies will be deleted with it.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await inLightTheme(page);
    await thread.getByRole('button', { name: 'Load more replies (3 more)' }).click();
    await thread
      .getByRole('button', { name: `Reply to ${ada.username}` })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: `Reply to ${ada.username}` })).toBeFocused();
    await expectNoAxeViolations(page);
    await thread.getByRole('button', { name: 'Delete your message' }).first().click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(thread).toHaveCount(0);
    await expect(reply(page, 'Bring the blanket.')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a member reacts: the button says the reaction and its count, the page says it, another member sees it', async ({
    page,
    browser,
    request,
  }) => {
    const ada = await newUser(request, 2);
    const grace = await newUser(request, 2);
    const text = `React to this ${ada.username}`;
    await say(request, ada.token, text);
    await openForumAs(page, grace.token);
    const reactions = message(page, ada.username, text).getByRole('group', {
      name: `Reactions to the message from ${ada.username}`,
    });
    const thumbs = reactions.getByRole('button', { name: 'thumbs up, 0 reactions' });
    await expect(thumbs).toHaveAttribute('aria-pressed', 'false');
    await thumbs.click();
    const given = reactions.getByRole('button', { name: 'thumbs up, 1 reaction' });
    await expect(given).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'You reacted with thumbs up.' })).toHaveCount(1);
    await reactions.getByRole('button', { name: 'heart, 0 reactions' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You reacted with heart.' })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await inLightTheme(page);
    await expect(reactions.getByRole('button', { name: 'heart, 1 reaction' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    // Ada sees the counts as given, none of them hers; her own reaction adds to grace's.
    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = waitsForSite(await otherContext.newPage());
    await openForumAs(other, ada.token);
    const hers = message(other, ada.username, text).getByRole('group', { name: /^Reactions/ });
    await expect(hers.getByRole('button', { name: 'thumbs up, 1 reaction' })).toHaveAttribute('aria-pressed', 'false');
    await hers.getByRole('button', { name: 'thumbs up, 1 reaction' }).click();
    await expect(hers.getByRole('button', { name: 'thumbs up, 2 reactions' })).toHaveAttribute('aria-pressed', 'true');
    await otherContext.close();

    // Taken back: the count falls, and the page says so; the other's reaction shows here without a reload.
    await expect(reactions.getByRole('button', { name: 'thumbs up, 2 reactions' })).toBeVisible();
    await reactions.getByRole('button', { name: 'thumbs up, 2 reactions' }).click();
    await expect(reactions.getByRole('button', { name: 'thumbs up, 1 reaction' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByRole('status').filter({ hasText: 'You took back your thumbs up.' })).toHaveCount(1);
  });

  test('a mention is highlighted for the member named only, in plain text and markdown, never in code', async ({
    page,
    browser,
    request,
  }) => {
    const ada = await newUser(request, 2);
    const grace = await newUser(request, 2);
    const plain = `Hi @${grace.username.toUpperCase()}, and @${ada.username}_not_a_member!`;
    const marked = `**Plans** for @${grace.username}: \`@${grace.username}\` in code`;
    await say(request, ada.token, plain);
    await say(request, ada.token, marked);
    await openForumAs(page, grace.token);
    const first = message(page, ada.username, 'not_a_member');
    await expect(first.locator('mark')).toHaveText(`@${grace.username.toUpperCase()} (mentions you)`);
    const second = message(page, ada.username, 'Plans');
    await expect(second.locator('.markdown strong')).toHaveText('Plans');
    await expect(second.locator('mark')).toHaveCount(1);
    await expect(second.locator('mark')).toHaveText(`@${grace.username} (mentions you)`);
    await expect(second.locator('code')).toHaveText(`@${grace.username}`);
    await expect(second.locator('mark a, a mark')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await inLightTheme(page);
    await expect(message(page, ada.username, 'Plans').locator('mark')).toHaveCount(1);
    await expectNoAxeViolations(page);

    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = waitsForSite(await otherContext.newPage());
    await openForumAs(other, ada.token);
    await expect(message(other, ada.username, 'Plans').locator('.markdown strong')).toHaveText('Plans');
    await expect(message(other, ada.username, 'not_a_member')).toBeVisible();
    await expect(other.locator('.forum-card mark')).toHaveCount(0);
    await otherContext.close();
  });

  test('a member is told of a reply and a mention: a count in the user menu, a list on the dashboard marked seen, a link to the thread', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    const ada = await newUser(request, 2);
    const bob = await newUser(request, 2);
    const thread = await say(request, ada.token, 'Board games on Friday?');
    await say(request, bob.token, `Count me in, @${ada.username}: I will bring Carcassonne.`, thread);
    await say(request, bob.token, `Has anyone seen @${ada.username}'s dice?`);
    await say(request, bob.token, `\`@${ada.username}\` in code tells nobody.`);

    await page.addInitScript((value) => localStorage.setItem('token', value), ada.token);
    await page.goto('/');
    const menu = page.getByRole('button', { name: ada.username, exact: true });
    await expect(menu).toHaveAccessibleDescription('2 new notifications');
    const badge = menu.locator('[data-notice-count]');
    await expect(badge).toHaveText('· 2');
    // On a phone the user menu is inside Menu: the count shows on it too.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneMenu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(phoneMenu).toHaveAccessibleDescription('2 new notifications');
    await expect(phoneMenu.locator('[data-notice-count]')).toHaveText('· 2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize(viewport);
    await menu.click();
    await page.getByRole('link', { name: 'Notifications · 2 new' }).click();

    await expect(page).toHaveURL(/\/dashboard#notifications$/);
    const card = page.getByRole('region', { name: 'Notifications' });
    const items = card.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`New ${bob.username} mentioned you`);
    await expect(items.nth(0)).toContainText(`Has anyone seen @${ada.username}'s dice?`);
    await expect(items.nth(1)).toContainText(`New ${bob.username} replied to your message`);
    // Shown, they are seen: the counts go, and the marks stay in this view.
    await expect(menu).toHaveAccessibleDescription('');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(items).toHaveCount(2);
    await expect(card.getByText('New', { exact: true })).toHaveCount(0);
    await expect(badge).toBeHidden();
    await expect(menu).toHaveAccessibleDescription('');

    // The digest by mail waits for a verified address.
    const digest = card.getByRole('checkbox', { name: 'Mail me a daily digest of new notifications' });
    await expect(digest).toBeDisabled();
    await expect(digest).toHaveAccessibleDescription(
      'The digest goes only to a verified address: add one under Your Account.',
    );

    await items
      .nth(1)
      .getByRole('link', { name: /^Open in the forum/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/forum#message-${thread}$`));
    await expect(message(page, ada.username, 'Board games on Friday?')).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('a member with a verified address asks for the daily digest, and it holds', async ({ page, request }) => {
    const address = `digest-${Date.now()}@example.com`;
    const cy = await createUser(request, { clearance: 2, prefix: 'member', email: address });
    const asked = await request.post('/api/account/confirm-email', {
      headers: { Authorization: `Bearer ${cy.token}` },
    });
    expect(asked.ok()).toBe(true);
    await page.goto(await mailedLink(address, 'confirm'));
    await page.evaluate((value) => localStorage.setItem('token', value), cy.token);
    await page.goto('/dashboard#notifications');
    const card = page.getByRole('region', { name: 'Notifications' });
    await expect(card.getByText('Nothing yet.', { exact: false })).toBeVisible();
    const digest = card.getByRole('checkbox', { name: 'Mail me a daily digest of new notifications' });
    await expect(digest).toHaveAccessibleDescription(
      'At most one mail a day, to your verified address, with what you have not seen here.',
    );
    await digest.check();
    await expect(card.getByRole('status')).toHaveText('Digest on: from tomorrow, a mail on days with something new.');
    await page.reload();
    await expect(digest).toBeChecked();
    await expectNoAxeViolations(page);
    await digest.uncheck();
    await expect(card.getByRole('status')).toHaveText('Digest off.');
    await page.reload();
    await expect(digest).not.toBeChecked();
  });

  // A forum of plain talk loads no renderer; the first markdown to come later is drawn once it has loaded.
  // (The first messages, if any has markdown, show once it is there: forum/store.ts.)
  test('the newest message holds still while markdown that came later is drawn late, in a list that keeps no scroll anchor', async ({
    page,
    request,
  }) => {
    const ada = await newUser(request, 2);
    const grace = await newUser(request, 2);
    // The page sees a forum of plain talk (other tests' markdown left out), then what ada posts and
    // nothing else (other tests post meanwhile).
    const plain = (message: ForumMessage) =>
      !hasMarkdown(message.text) && !(message.replies ?? []).some((reply) => hasMarkdown(reply.text));
    let shown: Set<string> | undefined;
    await page.route('**/api/messages/get-messages?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as MessagesResponse;
      shown ??= new Set(body.messages.filter(plain).map((message) => message._id));
      const seen = (message: ForumMessage) => shown!.has(message._id) || message.user?.username === ada.username;
      await route.fulfill({ response, json: { ...body, messages: body.messages.filter(seen) } });
    });
    let drawMarkdown = () => {};
    const renderer = new Promise<void>((resolve) => (drawMarkdown = resolve));
    await page.route('**/_astro/Markdown.*.js', async (route) => {
      await renderer;
      await route.continue();
    });
    await openForumAs(page, grace.token);
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('article').first()).toBeVisible();
    await say(
      request,
      ada.token,
      '**Plans** for the week:\n- Friday\n- Saturday\n```js\nconst day = "Friday";\n```\n```js\nconst game = "Chess";\n```',
    );
    const newest = `The newest, in plain words, number ${Date.now()}`;
    await say(request, ada.token, newest);
    // The page finds them on its next check, and shows the markdown as typed while its renderer loads.
    const last = message(page, ada.username, newest);
    await expect(last).toBeVisible();
    // Where the reader sees it: in a painted frame (a layout read between a change and the next frame
    // is one the reader never sees, before the list has been kept at its bottom).
    const painted = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const shownAt = async () => (await painted(), (await last.boundingBox())!.y);
    // The list shows its newest at the bottom (it overflows: the markdown as typed is long enough).
    const list = page.getByRole('region', { name: 'Messages' });
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    // WebKit keeps no scroll anchor: the list is made to keep none here either.
    await list.evaluate((element) => (element.style.overflowAnchor = 'none'));
    const before = await shownAt();
    expect(
      await list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight),
    ).toBeLessThan(1);
    drawMarkdown();
    const plans = message(page, ada.username, 'Plans');
    await expect(plans.locator('.markdown .code-block')).toHaveCount(2);
    // Within a pixel: a scroll position is whole pixels, a layout is not.
    expect(Math.abs((await shownAt()) - before)).toBeLessThan(1);
    // Drawn, a message keeps no space above its first block or below its last, as its plain text has none.
    await expect(plans.locator('.markdown > :first-child')).toHaveCSS('margin-top', '0px');
    await expect(plans.locator('.markdown > :last-child')).toHaveCSS('margin-bottom', '0px');
  });
});
