// Sessions that can be ended: a visitor whose session ends elsewhere is told so
// on their next request, and the nav shows them logged out; "Log out everywhere" on the dashboard
// ends every session of the account.
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { SHOP_HOME as SHOP } from '../../src/lib/features.ts';
import { features, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

const ENDED = 'Your session has ended. Please log in again.';

/** Starts the tab logged in with a real token (once, so that a logout sticks across navigations). */
async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-logged-in')) return;
    sessionStorage.setItem('e2e-logged-in', '1');
    localStorage.setItem('token', value);
  }, token);
}

/** Ends every session of the token's account from elsewhere (another device). */
async function logOutEverywhereElse(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/account/logout-everywhere', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

/** The notice is shown in the layout's live region, the token is gone and the nav offers Login. */
async function expectSessionEnded(page: Page, username: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: ENDED })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: username, exact: true })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

test.describe('an ended session', () => {
  test('in the forum: the next request ends it, says so, and the forum does not claim to be empty', async ({
    page,
    request,
  }) => {
    test.skip(!features.forum, switchedOff('forum'));
    const errors = watchForErrors(page);
    const member = await createUser(request, { clearance: 2, prefix: 'ended' });
    await useToken(page, member.token);
    await page.goto('/forum');
    await expect(page.getByRole('button', { name: member.username, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
    await expect(page.getByText('Loading messages...')).toBeHidden();

    await logOutEverywhereElse(request, member.token);
    await page.getByPlaceholder('Enter your message (Max 3000 characters)').fill('Am I still here?');
    await page.getByRole('button', { name: 'Post' }).click();
    await expectSessionEnded(page, member.username);
    await expectNoAxeViolations(page);

    // A page loaded with the ended token says so too, never "No messages yet".
    await page.evaluate((token) => localStorage.setItem('token', token), member.token);
    await page.reload();
    await expectSessionEnded(page, member.username);
    await expect(page.getByText('No messages yet. Start the conversation.')).toBeHidden();
    await expect(page.getByText('The messages could not be loaded.')).toBeVisible();
    // The browser logs the 401s it was answered; nothing else went wrong.
    expect(errors.filter((error) => !/401|Failed to (fetch|post)/.test(error))).toEqual([]);
  });

  test('in the cart: loading it ends the session and says so', async ({ page, request }) => {
    test.skip(!features.shop, switchedOff('shop'));
    const shopper = await createUser(request, { prefix: 'ended' });
    await useToken(page, shopper.token);
    await page.goto(SHOP);
    await expect(page.getByRole('button', { name: shopper.username, exact: true })).toBeVisible();
    await logOutEverywhereElse(request, shopper.token);

    await page.goto(`${SHOP}/cart`);
    await expectSessionEnded(page, shopper.username);
    await expectNoAxeViolations(page);
    // Dismissed, it goes; logging in again starts afresh without it.
    await page.getByRole('button', { name: 'Dismiss the notice' }).click();
    await expect(page.getByText(ENDED)).toBeHidden();
  });
});

test.describe('log out everywhere', () => {
  test('the dashboard asks first, then ends every session, this one included', async ({ page, request }) => {
    const user = await createUser(request, { prefix: 'everywhere' });
    const otherDevice = await request.post('/api/login', {
      data: { username: user.username, password: 'long enough password' },
    });
    const otherToken = String(((await otherDevice.json()) as { user: string }).user);
    await useToken(page, user.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out everywhere?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const account = (token: string) => request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } });
    expect((await account(user.token)).status()).toBe(200);

    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.waitForURL('/');
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await account(user.token)).status()).toBe(401);
    expect((await account(otherToken)).status()).toBe(401);
  });
});
