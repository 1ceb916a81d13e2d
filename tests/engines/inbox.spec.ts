// The owner's inbox in every engine: a visitor's message and a customer's order arrive, the owner
// opens the inbox from the dashboard's side menu, marks the message read and the order ready, and
// the status line says so each time.
import { createUser, uniqueUsername } from '../e2e/helpers.ts';
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
  const customer = await createUser(request, { prefix: 'customer', email: 'customer@example.com' });
  if (features.shop) {
    const headers = { Authorization: `Bearer ${customer.token}` };
    const line = { item: 'Pickles', type: 'Kosher Dill', size: 'Pint', quantity: 2 };
    expect((await request.post('/api/dhh/create-cart-item', { headers, data: line })).ok()).toBe(true);
    const { cartItems } = (await (await request.post('/api/dhh/get-cart-items', { headers, data: {} })).json()) as {
      cartItems: { _id: string }[];
    };
    const order = await request.post('/api/dhh/submit-order', {
      headers,
      data: { orderList: cartItems, email: 'customer@example.com' },
    });
    expect(order.ok()).toBe(true);
  }
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
    const order = inside(byRole('region', /^Orders/), byCss('.inbox-item', escaped(customer.username)));
    await site.expectText(order, /2 × Kosher Dill Pickles, Pint/);
    await site.select(inside(order, byRole('combobox', `State of ${customer.username}'s order`)), 'Ready');
    await site.expectText(said, `${customer.username}'s order is now ready.`);
  }
  expect(await site.axeViolations()).toEqual([]);
  expect(await site.errors()).toEqual([]);
});
