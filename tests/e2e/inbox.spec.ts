// The owner's inbox on the dashboard: a visitor's message and a customer's order arrive, the side
// menu's Inbox button counts what is new, and the owner marks the message read and the order
// ready, which a reload keeps; at a phone's width too, with no axe violations.
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { features } from '../site-config.ts';
import { test } from './fixtures.ts';
import { createUser, expectNoAxeViolations, placeOrder, uniqueUsername, watchForErrors } from './helpers.ts';

/** Sends a contact message from a new address; answers the address. */
async function sendMessage(request: APIRequestContext): Promise<string> {
  const senderEmail = `${uniqueUsername('sender')}@example.com`;
  const sent = await request.post('/api/mail/contact', {
    data: { senderEmail, emailSubject: 'A question about pickles', emailText: 'Do you ship?' },
  });
  expect(sent.ok()).toBe(true);
  return senderEmail;
}

async function openInbox(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Inbox · \d+ new$/ }).click();
}

test('the owner reads a message and moves an order in the inbox, and a reload keeps both', async ({
  page,
  request,
}) => {
  const errors = watchForErrors(page);
  const sender = await sendMessage(request);
  const customer = features.shop ? await placeOrder(request, { type: 'Hot', size: 'Quart', quantity: 3 }) : '';
  // An account without an email orders too: its order has no address to show.
  const withoutEmail = features.shop ? await placeOrder(request, { type: 'Hot', size: 'Pint', quantity: 1 }, '') : '';
  const owner = await createUser(request, { clearance: 3, prefix: 'owner' });
  await openInbox(page, owner.token);

  const messages = page.getByRole('region', { name: /^Messages/ });
  const message = messages.getByRole('listitem').filter({ hasText: sender });
  await expect(message).toContainText('Unread');
  await expect(message.getByRole('link', { name: sender })).toHaveAttribute('href', `mailto:${sender}`);
  await expect(message).toContainText('Do you ship?');
  await expectNoAxeViolations(page);
  await message.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('region', { name: 'Inbox' }).getByRole('status').first()).toHaveText(
    `Message from ${sender} marked read.`,
  );
  await expect(message).not.toContainText('Unread');

  if (features.shop) {
    const order = page
      .getByRole('region', { name: /^Orders/ })
      .getByRole('listitem')
      .filter({ hasText: customer });
    await expect(order).toContainText('3 × Hot Pickles, Quart');
    const noAddress = page
      .getByRole('region', { name: /^Orders/ })
      .getByRole('listitem')
      .filter({ hasText: withoutEmail });
    await expect(noAddress).toContainText('1 × Hot Pickles, Pint');
    await expect(noAddress.getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await order.getByRole('combobox', { name: `State of ${customer}'s order` }).selectOption('ready');
    await expect(page.getByRole('region', { name: 'Inbox' }).getByRole('status').first()).toHaveText(
      `${customer}'s order is now ready.`,
    );
  }

  await page.reload();
  await page.getByRole('button', { name: /^Inbox/ }).click();
  await expect(
    page
      .getByRole('region', { name: /^Messages/ })
      .getByRole('listitem')
      .filter({ hasText: sender }),
  ).toContainText('Mark as unread');
  if (features.shop) {
    const order = page
      .getByRole('region', { name: /^Orders/ })
      .getByRole('listitem')
      .filter({ hasText: customer });
    await expect(order.getByRole('combobox')).toHaveValue('ready');
    // Seen when the inbox was first opened: no longer marked new.
    await expect(order).not.toContainText(/^New/);
  }
  expect(errors).toEqual([]);
});

test('the inbox fits a phone’s screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await sendMessage(request);
  const owner = await createUser(request, { clearance: 3, prefix: 'owner' });
  await openInbox(page, owner.token);
  await expect(
    page
      .getByRole('region', { name: /^Messages/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});
