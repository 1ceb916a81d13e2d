// The shop in every engine: a customer picks a pickle in the Select dialog (which closes with
// Escape too), changes the quantity in the cart (the server's total with it), and orders it
// through the order dialog, for the first pickup day offered.
import { priceTable, formatPrice, pickupDays } from '../../src/features/shop/orders.ts';
import { SHOP_HOME as SHOP } from '../../src/lib/features.ts';
import { createUser, runAdmin } from '../e2e/helpers.ts';
import { features, switchedOff } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';

test.skip(!features.shop, switchedOff('shop'));

test('a customer adds a pickle, changes its quantity in the cart and orders it', async ({ site, request }) => {
  const { username, token } = await createUser(request, { prefix: 'customer', email: 'customer@example.com' });
  await site.storeToken(token);
  await site.goto(`${SHOP}/products`);
  const picker = byRole('dialog', 'Add to your cart');
  await site.click(byRole('button', 'Select Hot'));
  await site.expectVisible(picker);
  await site.press('Escape');
  await site.expectHidden(picker);

  await site.click(byRole('button', 'Select Hot'));
  await site.read(inside(picker, byRole('combobox', 'Size')), (select) => {
    (select as HTMLSelectElement).value = 'Quart';
  });
  await site.fill(inside(picker, byRole('spinbutton', 'Quantity')), '2');
  await site.click(inside(picker, byRole('button', 'Add to Cart')));
  await site.expectHidden(picker);
  await site.expectText(byCss('[data-toast-region]'), 'Item successfully added to cart.');

  await site.goto(`${SHOP}/cart`);
  const quantity = byRole('spinbutton', 'Quantity of Hot Pickles, Quart');
  const value = () => site.read(quantity, (input) => (input as HTMLInputElement).value);
  await expect.poll(value).toBe('2');
  await site.click(byRole('button', 'Increase quantity of Hot Pickles, Quart'));
  await expect.poll(value).toBe('3');
  await site.expectText(byRole('main'), 'Order summary: 3 jars in 1 line');
  // With the server's total, when the shop prices the jar (src/content/shop/prices.ts).
  const price = priceTable()['Hot|Quart'];
  if (price !== undefined) await site.expectText(byRole('main'), `${formatPrice(price * 3)} in all`);

  const offeredBefore = pickupDays(Date.now())[0];
  await site.click(byRole('button', 'Submit Order'));
  const order = byRole('dialog', 'Submit Order');
  await site.expectVisible(order);
  await site.expectText(order, 'Order summary: 3 jars in 1 line');
  if (price !== undefined) await site.expectText(order, `${formatPrice(price * 3)} in all`);
  expect(await site.read(inside(order, byRole('textbox', 'Email')), (input) => (input as HTMLInputElement).value)).toBe(
    'customer@example.com',
  );
  // The farm's first pickup day offered, chosen (src/content/shop/pickup.ts), as the dialog opened:
  // the farm's midnight may fall between the two reads of the clock.
  const offeredAfter = pickupDays(Date.now())[0];
  if (offeredBefore && offeredAfter)
    expect([offeredBefore, offeredAfter]).toContain(
      await site.read(inside(order, byRole('combobox', 'Pickup day')), (select) => (select as HTMLSelectElement).value),
    );
  expect(await site.axeViolations()).toEqual([]);
  await site.click(inside(order, byRole('button', 'Submit Order')));
  await site.expectHidden(order);
  await site.expectText(byRole('main'), 'Your cart is empty.');
  expect(runAdmin('orders', '1', username)).toContain('3 × Hot Pickles, Quart');
  expect(await site.errors()).toEqual([]);
});
