// The owner's inbox in every engine: a visitor's message and a customer's order arrive, the owner
// opens the inbox from the dashboard's side menu, marks the message read and the order ready, and
// the status line says so each time.
import { createUser, placeOrder, uniqueUsername } from '../e2e/helpers.ts';
import { features } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test('the owner marks a message read and an order ready in the inbox', async ({ site, request }) => {
  const sender = `${uniqueUsername('sender')}@example.com`;
  const sent = await request.post('/api/mail/contact', {
    data: { senderEmail: sender, emailSubject: `From ${site.engine}`, emailText: 'Do you ship?' },
  });
  expect(sent.ok()).toBe(true);
  const customer = features.shop ? await placeOrder(request, { type: 'Kosher Dill', size: 'Pint', quantity: 2 }) : '';
  const owner = await createUser(request, { clearance: 3, prefix: 'owner' });
  await site.storeToken(owner.token);
  await site.goto('/dashboard');
  await site.click(byRole('button', /^Inbox · \d+ new$/));

  const inbox = byRole('region', 'Inbox');
  const said = inside(inbox, byCss('.inbox > [role=status]'));
  const message = inside(byRole('region', /^Messages/), byCss('.inbox-item', escaped(sender)));
  await site.expectText(message, /^Unread/);
  await site.click(inside(message, byRole('button', 'Mark as read')));
  await site.expectText(said, `Message from ${sender} marked read.`);
  await site.expectVisible(inside(message, byRole('button', 'Mark as unread')));

  if (features.shop) {
    const order = inside(byRole('region', /^Orders/), byCss('.inbox-item', escaped(customer)));
    await site.expectText(order, /2 × Kosher Dill Pickles, Pint/);
    await site.select(inside(order, byRole('combobox', `State of ${customer}'s order`)), 'Ready');
    await site.expectText(said, `${customer}'s order is now ready.`);
  }
  expect(await site.axeViolations()).toEqual([]);
  expect(await site.errors()).toEqual([]);
});
