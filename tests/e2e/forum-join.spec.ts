// Asking to join the forum: a clearance-1 visitor asks from /forum, the owner approves in the
// dashboard's inbox, and the visitor's dashboard says so while the Forum link appears without
// a new login; a declined visitor is told kindly and when they may ask again.
import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test';
import { features, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

test.skip(!features.forum, switchedOff('forum'));

async function signedIn(page: Page, token: string): Promise<void> {
  // Once per tab, so a token the page stores later (a fresh one) is the one it keeps.
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('token', value);
  }, token);
}

/** A second browser, signed in as `token`. */
async function browserAs(browser: Browser, token: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = waitsForSite(await context.newPage());
  await signedIn(page, token);
  return { page, close: () => context.close() };
}

/** Asks to join on /forum, with a note, and checks what the page says then. */
async function askToJoin(page: Page, note: string): Promise<void> {
  await page.goto('/forum');
  await expect(page.getByRole('heading', { name: 'The forum is for members' })).toBeVisible();
  await page.getByRole('textbox', { name: 'A note for the owner (optional)' }).fill(note);
  await page.getByRole('button', { name: 'Ask to join' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your request is waiting for the owner.' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
}

/** The owner decides the visitor's request in the inbox, confirming it. */
async function decide(page: Page, username: string, decision: 'Approve' | 'Decline'): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Inbox · \d+ new$/ }).click();
  const list = page.getByRole('region', { name: 'Requests to join the forum' });
  await list.getByRole('button', { name: `${decision} ${username}` }).click();
  const dialog = page.getByRole('dialog', {
    name: decision === 'Approve' ? `Let ${username} into the forum?` : `Decline ${username}'s request?`,
  });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: decision }).click();
  await expect(list.getByRole('status')).toHaveText(
    decision === 'Approve' ? `${username} is in: they now have the forum.` : `${username}'s request was declined.`,
  );
  await expect(list.getByRole('button', { name: `${decision} ${username}` })).toHaveCount(0);
  await expect(list.getByRole('heading', { name: 'Requests to join the forum' })).toBeFocused();
}

const visitor = (request: APIRequestContext) => createUser(request, { clearance: 1, prefix: 'joiner' });

test.describe('asking to join the forum', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a visitor asks, the owner approves in the console list, the visitor sees it and the Forum link', async ({
    page,
    browser,
    request,
  }) => {
    const errors = watchForErrors(page);
    const jo = await visitor(request);
    const owner = await createUser(request, { clearance: 3, prefix: 'owner' });
    await signedIn(page, jo.token);
    await page.goto('/forum');
    await expect(page.getByText('The owner lets people in')).toBeVisible();
    await expectNoAxeViolations(page);
    const note = `I play in the league, ${jo.username}`;
    await askToJoin(page, note);
    await expectNoAxeViolations(page);
    // And in the light theme (the main site's default is dark).
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByText('Your request is waiting for the owner.')).toBeVisible();
    // A request found on arrival takes no focus: the page starts where pages start.
    await expect(
      page.getByRole('status').filter({ hasText: 'Your request is waiting for the owner.' }),
    ).not.toBeFocused();
    await expectNoAxeViolations(page);
    // Asked already: a reload says so and offers no second request.
    await expect(page.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByText('Your request to join the forum is waiting for the owner.')).toBeVisible();
    await page.getByRole('button', { name: jo.username }).click();
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forum', exact: true })).toBeHidden();
    await page.keyboard.press('Escape');

    const boss = await browserAs(browser, owner.token);
    await boss.page.goto('/dashboard');
    const inbox = boss.page.getByRole('button', { name: /^Inbox · \d+ new$/ });
    await expect(inbox).toBeVisible();
    await expectNoAxeViolations(boss.page);
    await inbox.click();
    await expect(boss.page.getByText(`“${note}”`)).toBeVisible();
    await expectNoAxeViolations(boss.page);
    await decide(boss.page, jo.username, 'Approve');
    await boss.close();

    // The visitor's session goes on: the dashboard says they are in, and the menu has the forum.
    await page.reload();
    const notice = page.getByRole('region', { name: 'The forum' });
    await expect(notice).toContainText("You're in: the forum is in your menu.");
    await page.getByRole('button', { name: jo.username }).click();
    await expect(page.getByRole('link', { name: 'Forum', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(() => {
        const payload = localStorage.getItem('token')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
        return (JSON.parse(atob(payload)) as { clearance: number }).clearance;
      }),
    ).toBe(2);
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'The forum' })).toHaveCount(0);

    await page.goto('/forum');
    await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('a declined visitor is told kindly, and when they may ask again', async ({ page, browser, request }) => {
    const jo = await visitor(request);
    const owner = await createUser(request, { clearance: 3, prefix: 'owner' });
    await signedIn(page, jo.token);
    await askToJoin(page, 'Hello there');
    const boss = await browserAs(browser, owner.token);
    await decide(boss.page, jo.username, 'Decline');
    await boss.close();

    await page.goto('/dashboard');
    const notice = page.getByRole('region', { name: 'The forum' });
    await expect(notice).toContainText('The owner has not let you into the forum this time. Thank you for asking');
    await expect(notice).toContainText(/you are welcome to ask again from \w+day \d+ \w+\./);
    await expect(page.getByRole('link', { name: 'Forum', exact: true })).toBeHidden();
    await expectNoAxeViolations(page);
    await page.goto('/forum');
    await expect(
      page.getByText(/The owner did not let you in this time\. You can ask again from \w+day/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
