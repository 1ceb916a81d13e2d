// The site's shell in every engine: the phone's menu, the dialogs (each opens, closes with Escape
// and gives the focus back), an account made, left and used again in the login modal, and an
// account its owner looks after: a password changed on the dashboard, a forgotten one reset.
import { keys, usernameKey } from '../../src/server/keys.ts';
import { setAddressState } from '../../src/server/mail-address.ts';
import { redis } from '../../src/server/redis.ts';
import { USER_PASSWORD, createUser, mailedLink, uniqueUsername } from '../e2e/helpers.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';
import type { Site } from './site.ts';

const nav = byRole('navigation', 'Site');
const menuButton = byRole('button', 'Menu');
const loginButton = inside(nav, byRole('button', 'Login'));

/** Answers whether the focus is on the element `query` finds. */
function focusIsOn(site: Site, query: ReturnType<typeof byRole>): Promise<boolean | null> {
  return site.read(query, (element) => element === document.activeElement);
}

test.describe('on a phone', () => {
  test.use({ phone: true });

  test('the Menu button opens the menu; Escape and a tap elsewhere close it', async ({ site }) => {
    await site.goto('/');
    const about = inside(nav, byRole('link', 'About'));
    await site.expectHidden(about);
    await site.click(menuButton);
    await site.expectVisible(about);
    const expanded = () => site.read(menuButton, (button) => button.getAttribute('aria-expanded'));
    await expect.poll(expanded).toBe('true');
    await site.press('Escape');
    await site.expectHidden(about);
    await expect.poll(expanded).toBe('false');

    await site.click(menuButton);
    await site.expectVisible(about);
    expect(await site.axeViolations()).toEqual([]);
    // Below the menu, which lies over the top of the page.
    await site.click(byCss('main h2', 'Projects'));
    await site.expectHidden(about);
    // Its links lead on.
    await site.click(menuButton);
    await site.leave(() => site.click(about));
    expect(await site.run(() => location.pathname)).toBe('/about');
    expect(await site.errors()).toEqual([]);
  });
});

test('the résumé and a project’s description open as dialogs and close with Escape, giving the focus back', async ({
  site,
}) => {
  await site.goto('/');
  const resume = byRole('dialog', 'Résumé');
  const opener = inside(nav, byRole('button', 'Résumé'));
  await site.click(opener);
  await site.expectVisible(resume);
  await site.expectVisible(inside(resume, byCss('iframe[src$=".pdf"]')));
  expect(await site.axeViolations()).toEqual([]);
  await site.press('Escape');
  await site.expectHidden(resume);
  await expect.poll(() => focusIsOn(site, opener)).toBe(true);

  const description = byRole('button', /^Description of /);
  const title = (await site.read(description, (button) => button.textContent!.replace(/^\s*Description of\s*/, '')))!;
  const dialog = byRole('dialog', title.trim());
  await site.click(description);
  await site.expectVisible(dialog);
  await site.press('Escape');
  await site.expectHidden(dialog);
  await site.click(description);
  await site.click(inside(dialog, byRole('button', 'Close')));
  await site.expectHidden(dialog);
  await expect.poll(() => focusIsOn(site, description)).toBe(true);
  expect(await site.errors()).toEqual([]);
});

test('a visitor registers in the modal, logs out, and logs in again with Enter', async ({ site }) => {
  const username = uniqueUsername('engine');
  const password = 'a long enough password';
  await site.goto('/');
  const dialog = byRole('dialog');
  await site.click(loginButton);
  await site.expectVisible(dialog);
  await site.press('Escape');
  await site.expectHidden(dialog);
  await site.click(loginButton);
  await site.click(inside(dialog, byRole('button', 'Register')));
  await site.fill(inside(dialog, byRole('textbox', 'Username')), username);
  await site.fill(inside(dialog, byRole('textbox', 'Password')), password);
  await site.fill(inside(dialog, byRole('textbox', /^First Name/)), 'Engel');
  await site.click(inside(dialog, byCss('button[type=submit]', 'Register')));
  await site.expectHidden(dialog);
  const userMenu = inside(nav, byRole('button', username));
  await site.expectVisible(userMenu);

  await site.click(userMenu);
  await site.leave(() => site.click(byRole('button', 'Logout')));
  await site.expectVisible(loginButton);
  expect(await site.run(() => localStorage.getItem('token'))).toBeNull();

  await site.click(loginButton);
  await site.fill(inside(dialog, byRole('textbox', 'Username')), username);
  await site.fill(inside(dialog, byRole('textbox', 'Password')), password);
  await site.press('Enter');
  await site.expectVisible(userMenu);
  // The session shows from the next page's first paint, before its script.
  await site.goto('/about', { wired: false });
  await site.expectVisible(userMenu);
  expect(await site.errors()).toEqual([]);
});

test('a member changes the password on the dashboard, then resets a forgotten one from the mailed link', async ({
  site,
  request,
}) => {
  const address = `${uniqueUsername(site.engine)}@example.com`;
  const { username, token } = await createUser(request, { email: address, prefix: `keeper_${site.engine}` });
  // Its holder verified the address (the dashboard's own link is tested in tests/e2e/auth.spec.ts).
  await setAddressState(address, 'confirmed');
  await redis().hset(keys.user(usernameKey(username)), { emailVerified: address });
  await site.storeToken(token);
  await site.goto('/dashboard');
  const passwordForm = byRole('form', 'Your password');
  await site.fill(inside(passwordForm, byRole('textbox', 'Current password')), USER_PASSWORD);
  await site.fill(inside(passwordForm, byRole('textbox', /^New password/)), 'changed in an engine');
  await site.click(inside(passwordForm, byRole('button', 'Change your password')));
  await site.expectText(inside(passwordForm, byRole('status')), 'Your password is changed.');
  expect(await site.axeViolations()).toEqual([]);

  const userMenu = inside(nav, byRole('button', username));
  await site.click(userMenu);
  await site.leave(() => site.click(byRole('button', 'Logout')));
  const dialog = byRole('dialog');
  await site.click(loginButton);
  await site.click(inside(dialog, byRole('button', 'Forgot your password?')));
  await site.fill(inside(dialog, byRole('textbox', 'Username')), username);
  await site.click(inside(dialog, byCss('button[type=submit]', 'Send the link')));
  await site.expectText(inside(dialog, byRole('status')), 'If that account has a verified email');
  await site.press('Escape');

  await site.goto(await mailedLink(address, 'reset'));
  await site.fill(byRole('textbox', /^New password/), 'reset in an engine');
  await site.click(byRole('button', 'Set the new password'));
  await site.expectText(byCss('[data-email-text]'), 'Your new password is set, and you are logged in.');
  await site.expectVisible(userMenu);
  expect(await site.errors()).toEqual([]);
});
