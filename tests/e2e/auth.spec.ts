import { type Page, expect } from '@playwright/test';
import { RESET_ASKED } from '../../src/features/auth/logic.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { setAddressState } from '../../src/server/mail-address.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { siteLoaded, test } from './fixtures.ts';
import {
  closeWithEscape,
  createUser,
  expectNoAxeViolations,
  loginThroughModal,
  mailedLink,
  runAdmin,
  uniqueUsername,
  USER_PASSWORD,
  watchForErrors,
} from './helpers.ts';

const PASSWORD = 'a long enough password';

async function openLogin(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logout(page: Page, username: string) {
  await page.getByRole('button', { name: username }).click();
  // Logout navigates home; wait for the new page, not the old one's Login button.
  const navigated = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  await navigated;
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Login' })).toBeVisible();
}

async function registerThroughModal(page: Page, username: string, extra: { firstName?: string; email?: string } = {}) {
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(PASSWORD);
  if (extra.firstName) await dialog.getByLabel('First Name').fill(extra.firstName);
  if (extra.email) await dialog.getByLabel('Email').fill(extra.email);
  await dialog.getByRole('button', { name: 'Register', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: username })).toBeVisible();
}

test.describe('login and register modal', () => {
  test('React loads only when the modal is opened', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // The modal's chunk, and React's (with the code islands share: astro.config.mjs).
    const loaded = (name: string) => scripts.some((url) => url.includes(`/${name}.`));
    await page.goto('/');
    await siteLoaded(page);
    expect(loaded('LoginModal') || loaded('react')).toBe(false);
    await openLogin(page);
    expect(loaded('LoginModal') && loaded('react')).toBe(true);
  });

  test('registers, logs out, logs in by button and by Enter', async ({ page }) => {
    const errors = watchForErrors(page);
    const username = uniqueUsername();
    await page.goto('/');
    await registerThroughModal(page, username, { firstName: 'Reggie', email: 'reggie@example.com' });
    const details = await page.evaluate(() =>
      JSON.parse(atob(localStorage.getItem('token')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))),
    );
    expect(details).toMatchObject({ username, firstName: 'Reggie', email: 'reggie@example.com', clearance: 1 });

    await logout(page, username);
    let dialog = await openLogin(page);
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).last().click();
    await expect(page.getByRole('button', { name: username })).toBeVisible();

    await logout(page, username);
    dialog = await openLogin(page);
    await dialog.getByLabel('Username').fill(username.toUpperCase());
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Password').press('Enter');
    await expect(page.getByRole('button', { name: username })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('marks blank fields only after a failed attempt, with the spec messages', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    const username = dialog.getByLabel('Username');
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(username).toBeFocused();
    await username.press('Enter');
    await expect(dialog.getByText('Username cannot be blank.')).toBeVisible();
    await expect(dialog.getByText('Password cannot be blank.')).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await username.fill('someone');
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Username cannot be blank.')).toBeHidden();
    await expect(dialog.getByText('Password cannot be blank.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('shows the alert for a wrong password', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByLabel('Username').fill('demo_visitor');
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByLabel('Password').press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect user credentials.');
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('register mode: optional fields, invalid email blocks, server errors show, reopening resets to login', async ({
    page,
  }) => {
    await page.goto('/');
    let dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByRole('button', { name: 'Register' }).first()).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByLabel('Username').fill('demo_admin');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Email').press('Enter');
    await expect(dialog.getByText('Invalid Email Format')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Email').fill('');
    await dialog.getByLabel('Password').press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('That username is already taken. Please choose another.');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    dialog = await openLogin(page);
    await expect(dialog.getByRole('button', { name: 'Login' }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByLabel('First Name')).toHaveCount(0);
    await expect(dialog.getByLabel('Username')).toHaveValue('');
  });

  test('Escape closes the modal and returns focus to the Login button', async ({ page }) => {
    await page.goto('/unauthorized');
    const dialog = await openLogin(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Login' })).toBeFocused();
  });
});

test.describe('dashboard', () => {
  test('without a token it goes to /unauthorized', async ({ page }) => {
    await page.goto('/dashboard');
    await page.waitForURL('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  });

  test("verifies the account's email from the link the site mails: asked again from the dashboard, followed from the mail", async ({
    page,
    request,
  }) => {
    const address = `${uniqueUsername('verify')}@example.com`;
    const { token } = await createUser(request, { email: address, prefix: 'verify' });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto('/dashboard');
    const account = page.getByRole('region', { name: 'Your Account' });
    await expect(account.getByText(`${address} (not verified yet)`)).toBeVisible();
    await account.getByRole('button', { name: 'Send the link again' }).click();
    await expect(account.getByText(`We have mailed ${address} a link. Follow it to verify your email.`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(await mailedLink(address, 'confirm'));
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Thank you: ${address} is confirmed as your account's email.`,
    );
    await page.goto('/dashboard');
    await expect(account.getByText(`${address} (verified)`)).toBeVisible();
    await expect(account.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
  });

  test('its owner changes the name, the email and the password, then deletes the account', async ({
    page,
    request,
  }) => {
    const { username, token } = await createUser(request, {
      email: `${uniqueUsername('old')}@example.com`,
      prefix: 'own',
    });
    // Set once, not at every load: the password change below gives this browser a new token.
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/dashboard');
    const account = page.getByRole('region', { name: 'Your Account' });

    const name = account.getByRole('form', { name: 'Your name' });
    await name.getByLabel('First Name').fill('Augusta');
    await name.getByRole('button', { name: 'Save your name' }).click();
    await expect(name.getByRole('status')).toHaveText('Your name is saved.');
    await expect(account.getByRole('definition').filter({ hasText: 'Augusta' })).toBeVisible();

    // The new email replaces the old once its link is followed.
    const next = `${uniqueUsername('new')}@example.com`;
    const email = account.getByRole('form', { name: 'Your email' });
    await email.getByLabel('New email').fill(next);
    await email.getByRole('button', { name: 'Change your email' }).click();
    await expect(email.getByRole('status')).toHaveText(
      `We have mailed ${next} a link. Your email changes to it once you follow the link.`,
    );
    await page.goto(await mailedLink(next, 'confirm'));
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Thank you: ${next} is confirmed as your account's email.`,
    );
    await page.goto('/dashboard');
    await expect(account.getByText(`${next} (verified)`)).toBeVisible();

    const password = account.getByRole('form', { name: 'Your password' });
    await password.getByLabel('Current password').fill('not the password');
    await password.getByLabel('New password').fill('a brand new password');
    await password.getByRole('button', { name: 'Change your password' }).click();
    await expect(password.getByRole('status')).toHaveText('Your current password is not right.');
    await password.getByLabel('Current password').fill(USER_PASSWORD);
    await password.getByRole('button', { name: 'Change your password' }).click();
    await expect(password.getByRole('status')).toHaveText(
      'Your password is changed. Every other session of your account has ended.',
    );
    await expectNoAxeViolations(page);
    await page.reload(); // this browser's session goes on
    await expect(account.getByText(`${next} (verified)`)).toBeVisible();

    const remove = account.getByRole('form', { name: 'Delete your account' });
    await remove.getByLabel('Your password').fill('a brand new password');
    await remove.getByRole('button', { name: 'Delete your account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Delete your account' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Login' })).toBeVisible();
    expect(runAdmin('list-users')).not.toContain(username);
  });

  test('a forgotten password is reset from the link mailed to the verified email', async ({ page, request }) => {
    const address = `${uniqueUsername('forgot')}@example.com`;
    const { username } = await createUser(request, { email: address, prefix: 'forgot' });
    await setAddressState(address, 'confirmed');
    await redis().hset(keys.user(usernameKey(username)), { emailVerified: address });
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Send the link' }).click();
    await expect(dialog.getByRole('status')).toHaveText(RESET_ASKED);
    await expectNoAxeViolations(page);
    await closeWithEscape(page, dialog);

    await page.goto(await mailedLink(address, 'reset'));
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText('Passwords must be at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password').fill('chosen anew at last');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your new password is set, and you are logged in. Every other session of your account has ended.',
    );
    await expect(page.getByRole('button', { name: username, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('shows the account and scores cards, and the admin card once the CLI raises clearance above 2', async ({
    page,
  }) => {
    const username = uniqueUsername('dash');
    await page.goto('/');
    await registerThroughModal(page, username, { firstName: 'Dana' });

    await page.getByRole('button', { name: username }).click();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('button', { name: 'Your Account' })).toHaveAttribute('aria-pressed', 'true');
    await expect(menu.getByRole('button', { name: 'Admin Tools' })).toHaveCount(0);
    const account = page.getByRole('region', { name: 'Your Account' });
    await expect(account.getByText(username, { exact: true })).toBeVisible();
    await expect(account.getByText('Dana')).toBeVisible();
    await expect(account.getByText('N/A')).toBeVisible();
    await expect(account.getByText('No email on file.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The word game's card, while the word game is on (src/content/site.config.ts).
    if (features.wordGame) {
      await menu.getByRole('button', { name: 'Your High Scores' }).click();
      await expect(
        page.getByRole('region', { name: 'Your High Scores' }).getByText('You have not won a game yet.'),
      ).toBeVisible();
    } else {
      await expect(menu.getByRole('button', { name: 'Your High Scores' })).toHaveCount(0);
    }

    runAdmin('set-clearance', username, '3');
    // The change ends the session: the next request is refused, and the visitor is told so.
    // The page leaves for /unauthorized while it loads, which can abort the reload's own navigation
    // (what waitForURL watched, so it failed with ERR_ABORTED now and then): the URL is what counts.
    await page.reload({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your session has ended. Please log in again.' }),
    ).toBeVisible();
    await loginThroughModal(page, username, PASSWORD);
    await page.goto('/dashboard');
    // The owner's inbox is there for every admin; the admin card holds the scheduling polls' links
    // and the consoles: with those switched off there is none.
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: /^Inbox/ }),
    ).toBeVisible();
    if (!features.scheduling && !features.wedding) {
      const cards = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(cards.getByRole('button', { name: 'Your Account' })).toBeVisible();
      await expect(cards.getByRole('button', { name: 'Admin Tools' })).toHaveCount(0);
      return;
    }
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('button', { name: /^Admin Tools/ })
      .click();
    const admin = page.getByRole('region', { name: 'Admin Controls' });
    const weddingConsole = admin.getByRole('link', { name: 'Wedding Console' });
    if (features.wedding) await expect(weddingConsole).toHaveAttribute('href', '/weddingconsole');
    else await expect(weddingConsole).toHaveCount(0);
    if (!features.scheduling) return expect(admin.getByRole('link', { name: 'Admin Console' })).toHaveCount(0);
    await expect(admin.getByRole('link', { name: 'Defense League Poll' })).toHaveAttribute(
      'href',
      '/scheduling_polls/defense_league',
    );
    await expect(admin.getByRole('link', { name: 'Ragnarok Poll' })).toHaveAttribute(
      'href',
      '/scheduling_polls/ragnarok',
    );
    await expect(admin.getByRole('link', { name: /^Drecoll \w+ Reunion 2026$/ })).toHaveAttribute(
      'href',
      '/scheduling_polls/drexolljozwiakpoolpoll',
    );
    await expect(admin.getByRole('link', { name: 'Admin Console' })).toHaveAttribute('href', '/schedulingconsole');
    await expectNoAxeViolations(page);
  });

  test('a member (clearance 2) sees the Forum link but no admin card', async ({ page }) => {
    await page.goto('/');
    await loginThroughModal(page, 'demo_member', 'demo-member-pass');
    await page.getByRole('button', { name: 'demo_member' }).click();
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    if (features.forum) await expect(page.getByRole('link', { name: 'Forum' })).toBeVisible();
    else await expect(page.getByRole('link', { name: 'Forum' })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Tools' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Inbox/ })).toHaveCount(0);
  });
});
