// The contact page: its validation rules, loading state and both toasts (SPEC sections 2, 4, 5, 8),
// with the message stored and delivered to the local Resend fake behind the server.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect } from '@playwright/test';
import { owner } from '../site-config.ts';
import { test } from './fixtures.ts';
import { expectNoAxeViolations, runAdmin, watchForErrors } from './helpers.ts';

function form(page: Page) {
  return {
    email: page.getByLabel('Email Address'),
    subject: page.getByLabel('Subject'),
    message: page.getByLabel('Message'),
    submit: page.getByRole('button', { name: 'Submit' }),
    emailError: page.getByText('Invalid Email', { exact: true }),
  };
}

test.describe('contact page', () => {
  test('shows the three fields and a disabled Submit, and passes axe', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(`Contact · ${owner.name}`);
    const { email, subject, message, submit } = form(page);
    await expect(email).toBeVisible();
    await expect(subject).toBeVisible();
    await expect(message).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page);

    // With the login modal open over it.
    await page.getByRole('navigation').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('marks an invalid email while typing and blocks Submit until it is valid', async ({ page }) => {
    await page.goto('/contact');
    const { email, subject, submit, emailError } = form(page);
    await subject.fill('Hello');
    await expect(emailError).toBeHidden();
    await email.pressSequentially('ada@exa');
    await expect(emailError).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Invalid Email');
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page);

    await email.pressSequentially('mple.com');
    await expect(emailError).toBeHidden();
    await expect(email).not.toHaveAttribute('aria-invalid', /./);
    await expect(submit).toBeEnabled();

    // Emptying the address is not an error while typing, but Submit needs one.
    await email.fill('');
    await expect(emailError).toBeHidden();
    await expect(submit).toBeDisabled();
  });

  test('needs a subject or a message besides the email', async ({ page }) => {
    await page.goto('/contact');
    const { email, subject, message, submit } = form(page);
    await email.fill('ada@example.com');
    await expect(submit).toBeDisabled();
    await subject.fill('   ');
    await message.fill('\n ');
    await expect(submit).toBeDisabled();
    await subject.fill('Only a subject');
    await expect(submit).toBeEnabled();
    await subject.fill('');
    await message.fill('Only a message');
    await expect(submit).toBeEnabled();
    await expect(page.getByText('14 of 5000 characters')).toBeVisible();
  });

  test('sends: Loading... while in flight, then the Success toast; the message is stored and delivered', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto('/contact');
    const { email, subject, message, submit } = form(page);
    const marker = `E2E ${Date.now()}`;
    await email.fill('visitor@example.com');
    await subject.fill(marker);
    await message.fill('Hello from the browser test.');

    // Hold the request until the loading state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/mail/contact', async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    const busy = page.getByRole('button', { name: 'Loading...' });
    await expect(busy).toBeDisabled();
    release();

    const toast = page.locator('.toast');
    await expect(toast).toContainText('Success');
    await expect(toast).toContainText('Your message was successfully sent.');
    await expect(submit).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(subject).toHaveValue('');
    await expectNoAxeViolations(page);

    const listed = runAdmin('messages');
    const entry = listed.split('\n\n').find((block) => block.includes(marker));
    expect(entry).toMatch(/ {2}delivered \(/);
    expect(entry).toContain('From:    visitor@example.com');
    const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
    const mails = readdirSync(outbox).map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')));
    expect(mails.find((mail) => mail.subject.includes(marker))).toMatchObject({
      replyTo: 'visitor@example.com',
      text: expect.stringContaining('Hello from the browser test.'),
    });
    expect(errors).toEqual([]);
  });

  /** Makes the contact call fail as it does when the store is down. */
  async function failSending(page: Page) {
    await page.route('**/api/mail/contact', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The data store is unavailable right now.', code: 'unavailable' }),
      }),
    );
  }

  test('shows the Failed toast and keeps the text when sending fails', async ({ page }) => {
    // The page's clock stopped, then the toast hovered: it hides itself after five seconds (below)
    // unless held, however long the checks take on a busy machine.
    await page.clock.install();
    await page.goto('/contact');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await failSending(page);
    const { email, message, submit } = form(page);
    await email.fill('visitor@example.com');
    await message.fill('Please keep this text.');
    await submit.click();
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Failed');
    await expect(toast).toContainText('There was an issue sending your message.');
    await expect(message).toHaveValue('Please keep this text.');
    await expect(submit).toBeEnabled();
    await toast.hover();
    await page.clock.resume(); // the scan's own timers
    await expectNoAxeViolations(page);
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toBeHidden();
  });

  test('a toast hides itself after five seconds (the default delay)', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-22T10:00:00Z') });
    await page.goto('/contact');
    // Stop the page's clock so only runFor moves it: the toast's timer is measured exactly.
    await page.clock.pauseAt(new Date('2026-11-22T10:01:00Z'));
    await failSending(page);
    await form(page).email.fill('visitor@example.com');
    await form(page).subject.fill('Hello');
    await form(page).submit.click();
    const toast = page.getByRole('alert');
    await expect(toast).toBeVisible();
    await page.clock.runFor(4900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();
  });
});
