// The shop sub-site as a new customer walks it: products and the Select modal, the cart, the
// order with its email modal, the toasts; and the public 3D gallery.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { priceTable, describePickup, formatPrice, pickupDays, priceLine } from '../../src/features/shop/orders.ts';
import { describePickupDay } from '../../src/features/dashboard/logic.ts';
import { SHOP_HOME } from '../../src/lib/features.ts';
import { dateInWords } from '../../src/lib/utc-day.ts';
import { setAddressState, signMailLink } from '../../src/server/mail-address.ts';
import { features, shop, switchedOff } from '../site-config.ts';
import { siteLoaded, test } from './fixtures.ts';
import {
  picturesIn,
  createUser,
  uniqueUsername,
  expectFittingCandidate,
  expectNoAxeViolations,
  runAdmin,
  watchForErrors,
} from './helpers.ts';

const SHOP = SHOP_HOME;

/** Jars of a type and size: the cart's and an order's lines as these tests fill them. */
type Line = [type: string, size: string, quantity: number];

/** The lines' total in cents from the shop's prices (src/content/shop/prices.ts); null unless each has one. */
function totalOf(lines: Line[]): number | null {
  const prices = lines.map(([type, size]) => priceTable()[`${type}|${size}`]);
  return prices.every((price) => price !== undefined)
    ? lines.reduce((sum, [, , quantity], index) => sum + prices[index]! * quantity, 0)
    : null;
}

/** The cart's summary of the lines, with their total when every line has a price. */
function summaryOf(lines: Line[]): string {
  const jars = lines.reduce((sum, [, , quantity]) => sum + quantity, 0);
  const total = totalOf(lines);
  return `Order summary: ${jars} jar${jars === 1 ? '' : 's'} in ${lines.length} line${lines.length === 1 ? '' : 's'}${
    total === null ? '' : `, ${formatPrice(total)} in all`
  }`;
}

test.skip(!features.shop, switchedOff('shop'));

/** Creates a fresh customer and starts the page's session with its token. */
async function newCustomer(page: Page, request: APIRequestContext, email = '') {
  const { username, token } = await createUser(request, { email, prefix: 'shopper' });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  return username;
}

/** Adds a line through the products page's Select modal and waits for the success toast. */
async function addToCart(page: Page, type: string, size: string, quantity: number) {
  await page.getByRole('button', { name: `Select ${type}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to your cart' });
  await dialog.getByLabel('Size').selectOption(size);
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('.toast').last();
  await expect(toast).toContainText('Item successfully added to cart.');
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
}

test.describe('shop: logged out', () => {
  test('the shop home shows the three pickles and a Log in to order button that opens the login modal', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto(SHOP);
    await expect(page.getByText('Please login to place orders.')).toBeVisible();
    const products = page.getByRole('region', { name: 'Our Pickles' }).getByRole('article');
    await expect(products).toHaveCount(3);
    for (const [index, type] of ['Hot', 'Bread and Butter', 'Kosher Dill'].entries()) {
      await expect(products.nth(index).getByRole('heading', { level: 3 })).toHaveText(type);
      await expect(products.nth(index).getByRole('img')).toHaveAttribute('alt', /^Illustration of /);
      await expect(products.nth(index).getByRole('img')).toHaveAttribute('width', /^\d+$/);
      const prices = priceLine(type as 'Hot');
      if (prices) await expect(products.nth(index).getByText(prices, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Order pickles' })).toBeHidden();
    await expectNoAxeViolations(page);

    const cta = page.getByRole('button', { name: 'Log in to order' });
    await cta.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cta).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('the shop home, logged in, greets and links to the products instead', async ({ page, request }) => {
    await newCustomer(page, request);
    await page.goto(SHOP);
    await expect(
      page.getByText('Follow the links at the top right to submit an order.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in to order' })).toBeHidden();
    await page.getByRole('link', { name: 'Order pickles' }).click();
    await expect(page).toHaveURL(`${SHOP}/products`);
  });

  for (const path of ['products', 'cart']) {
    test(`${path} sends a visitor without a token to /unauthorized`, async ({ page }) => {
      await page.goto(`${SHOP}/${path}`);
      await expect(page).toHaveURL(/\/unauthorized$/);
    });
  }
});

test.describe('shop: products and cart', () => {
  // The three pickles fill their grid's first row at every width (no empty column beside them), and
  // each picture in it is fetched at the width its column needs: `sizes` follows the grid (card-grid.ts).
  for (const [width, onHome, onProducts] of [
    [390, 1, 1],
    [640, 2, 2],
    [800, 3, 2],
    [1280, 3, 3],
  ] as const) {
    test(`at ${width}px the first row of pickles fills the width, each picture fetched at the size it is shown`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await newCustomer(page, request);
      for (const [path, perRow] of [
        [SHOP, onHome],
        [`${SHOP}/products`, onProducts],
      ] as const) {
        await page.goto(path);
        const firstRowNow = async () => {
          const pictures = await picturesIn(page.getByRole('main'));
          return pictures.filter((picture) => picture.top === pictures[0]!.top);
        };
        // The products page's cards come with its island, so their pictures may still be arriving at `load`.
        await expect
          .poll(async () => (await firstRowNow()).map((picture) => picture.complete), { message: path })
          .toEqual(Array.from({ length: perRow }, () => true));
        const firstRow = await firstRowNow();
        for (const picture of firstRow) expectFittingCandidate(picture);
        const contentRight = await page
          .getByRole('main')
          .evaluate(
            (main) => main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight),
          );
        // The last picture of the row ends inside its card's 1px border, at the content's edge.
        expect(Math.abs(firstRow.at(-1)!.right - contentRight), path).toBeLessThanOrEqual(2);
      }
    });
  }

  test('products: three cards, and a Select modal with the spec defaults and quantity limits', async ({
    page,
    request,
  }) => {
    await newCustomer(page, request);
    await page.goto(`${SHOP}/products`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const [index, type] of ['Hot', 'Bread and Butter', 'Kosher Dill'].entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(type);
      await expect(card.getByRole('img')).toHaveAttribute('alt', /^Illustration of /);
      await expect(card.getByRole('img')).toHaveAttribute('width', /^\d+$/);
      // Its prices by size, as the shop's content gives them.
      const prices = priceLine(type as 'Hot');
      if (prices) await expect(card.getByText(prices, { exact: true })).toBeVisible();
      else await expect(card.getByText(/\d\.\d\d/)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Select Kosher Dill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to your cart' });
    await expect(dialog.getByLabel('Type')).toHaveValue('Kosher Dill');
    await expect(dialog.getByLabel('Size')).toHaveValue('Pint');
    await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
    await expect(dialog.getByLabel('Size').locator('option')).toHaveText(['Pint', 'Quart']);
    await expectNoAxeViolations(page);

    let calls = 0;
    await page.route('**/api/dhh/create-cart-item', (route) => {
      calls++;
      return route.continue();
    });
    for (const bad of ['0', '21', '2.5', '']) {
      await dialog.getByLabel('Quantity').fill(bad);
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(dialog.getByText('Quantity must be a whole number from 1 to 20.')).toBeVisible();
      await expect(dialog.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls).toBe(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Select Kosher Dill' })).toBeFocused();
  });

  test('a new customer adds each type and size, deletes, clears, adds again and orders', async ({ page, request }) => {
    const errors = watchForErrors(page);
    const address = `${uniqueUsername('sam')}@example.com`;
    const username = await newCustomer(page, request, address);
    // Its holder confirms the address from the link the site mails (the page that link opens).
    await page.goto(`/email/?confirm=${await signMailLink({ purpose: 'confirm', address })}`);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Thank you: ${address} is confirmed. The site may now mail it what you asked for.`,
    );
    await expect(page).toHaveURL(/\/email\/$/); // the token leaves the address bar
    await page.goto(`${SHOP}/products`);
    await addToCart(page, 'Hot', 'Pint', 2);
    await addToCart(page, 'Bread and Butter', 'Quart', 1);
    await addToCart(page, 'Kosher Dill', 'Quart', 20);

    await page.goto(`${SHOP}/cart`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect(
      page.getByText('Review the items you selected below, and then click the submit order button.'),
    ).toBeVisible();
    const items = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Hot Pickles');
    await expect(items.nth(0)).toContainText('Size: Pint');
    await expect(page.getByLabel('Quantity of Hot Pickles, Pint', { exact: true })).toHaveValue('2');
    await expect(items.nth(2)).toContainText('Size: Quart');
    await expect(page.getByLabel('Quantity of Kosher Dill Pickles, Quart', { exact: true })).toHaveValue('20');
    const cart: Line[] = [
      ['Hot', 'Pint', 2],
      ['Bread and Butter', 'Quart', 1],
      ['Kosher Dill', 'Quart', 20],
    ];
    await expect(page.getByText(summaryOf(cart), { exact: true })).toBeVisible();
    // Each line's price, a jar's and the line's, from the server.
    const hotPint = priceTable()['Hot|Pint'];
    if (hotPint !== undefined)
      await expect(items.nth(0)).toContainText(`${formatPrice(hotPint)} a jar: ${formatPrice(hotPint * 2)}`);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Remove 1 × Bread and Butter Pickles, Quart' }).click();
    await expect(items).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Order' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear Cart' })).toBeDisabled();

    await page.goto(`${SHOP}/products`);
    await addToCart(page, 'Hot', 'Quart', 3);
    // The page's clock stands still, so that its pickup days are the test's even across the farm's midnight.
    const now = Date.now();
    await page.clock.setFixedTime(now);
    await page.goto(`${SHOP}/cart`);
    await expect(items).toHaveCount(1);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Order' });
    // What is ordered, with its total where the shop prices it, before it is sent.
    await expect(dialog.getByText(/^Order summary:/)).toHaveText(summaryOf([['Hot', 'Quart', 3]]));
    const email = dialog.getByLabel('Email');
    // The account's own address, read-only: the site mails no address typed into an order.
    await expect(email).toHaveValue(address);
    await expect(email).not.toBeEditable();
    // The pickup day: the farm's next opening days (src/content/shop/pickup.ts), the first chosen.
    const days = pickupDays(now);
    const pickup = dialog.getByLabel('Pickup day');
    const chosen = days.at(-1);
    if (chosen) {
      await expect(pickup.locator('option')).toHaveText(days.map(dateInWords));
      await expect(pickup).toHaveValue(days[0]!);
      await pickup.selectOption(chosen);
    } else await expect(pickup).toHaveCount(0);
    const submit = dialog.getByRole('button', { name: 'Submit Order' });
    await expect(submit).toBeEnabled();
    await expectNoAxeViolations(page);
    await submit.click();

    await expect(dialog).toBeHidden();
    await expect(page.locator('.toast')).toContainText('Success');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    // The order's total, the server's, and its pickup day, on the dashboard.
    const total = totalOf([['Hot', 'Quart', 3]]);
    if (total !== null || chosen) {
      await page.goto('/dashboard');
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Your Orders' }).click();
      const orders = page.getByRole('region', { name: 'Your Orders' });
      if (total !== null) await expect(orders).toContainText(`Total: ${formatPrice(total)}`);
      if (chosen) await expect(orders).toContainText(`Pickup: ${describePickupDay(chosen)}`);
    }
    expect(errors).toEqual([]);

    expect(runAdmin('orders', '5', username)).toMatch(
      new RegExp(`${username} {2}${address} {2}delivered[^\\n]*\\n {2}3 × Hot Pickles, Quart`),
    );
    const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
    const mails = readdirSync(outbox).map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')));
    expect(mails.find((mail) => mail.to === address)).toMatchObject({
      subject: `Your ${shop.name} order`,
      text: expect.stringContaining('3 × Hot Pickles, Quart'),
    });
    if (chosen) expect(mails.find((mail) => mail.to === address).text).toContain(describePickup(chosen));
  });

  test('adding the same pickle twice makes one line; its quantity changes in the cart, within 1 to 20', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await newCustomer(page, request);
    await page.goto(`${SHOP}/products`);
    await addToCart(page, 'Hot', 'Pint', 2);
    await addToCart(page, 'Hot', 'Pint', 3);
    await addToCart(page, 'Kosher Dill', 'Quart', 1);

    await page.goto(`${SHOP}/cart`);
    const items = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    const hot = page.getByLabel('Quantity of Hot Pickles, Pint', { exact: true });
    await expect(hot).toHaveValue('5');
    const summary = page.getByText(/^Order summary:/);
    await expect(summary).toHaveText(
      summaryOf([
        ['Hot', 'Pint', 5],
        ['Kosher Dill', 'Quart', 1],
      ]),
    );
    await expectNoAxeViolations(page);

    const increase = page.getByRole('button', { name: 'Increase quantity of Hot Pickles, Pint' });
    await increase.click();
    await expect(hot).toHaveValue('6');
    // The server's total, read again with the new quantity.
    await expect(summary).toHaveText(
      summaryOf([
        ['Hot', 'Pint', 6],
        ['Kosher Dill', 'Quart', 1],
      ]),
    );
    await expect(increase).toBeFocused();
    await hot.fill('12');
    await hot.press('Enter');
    await expect(summary).toHaveText(
      summaryOf([
        ['Hot', 'Pint', 12],
        ['Kosher Dill', 'Quart', 1],
      ]),
    );
    await page.reload();
    await expect(hot).toHaveValue('12'); // saved on the server

    // Out of range: not sent, the saved value comes back, and the toast says why.
    let updates = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/dhh/update-item-quantity')) updates++;
    });
    await hot.fill('21');
    await hot.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Quantity must be a whole number from 1 to 20.');
    await expect(hot).toHaveValue('12');
    expect(updates).toBe(0);
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss notification' }).click();

    // A failed save shows the cart's failure toast and keeps the saved quantity.
    await page.route('**/api/dhh/update-item-quantity', (route) =>
      route.fulfill({ status: 503, json: { error: 'down' } }),
    );
    await page.getByRole('button', { name: 'Decrease quantity of Hot Pickles, Pint' }).click();
    await expect(page.getByRole('alert')).toContainText('An error has occurred.');
    await expect(hot).toHaveValue('12');
    await expect(summary).toHaveText(
      summaryOf([
        ['Hot', 'Pint', 12],
        ['Kosher Dill', 'Quart', 1],
      ]),
    );
    await page.unroute('**/api/dhh/update-item-quantity');
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss notification' }).click();

    // Adding past 20 jars caps the line and says so.
    await page.goto(`${SHOP}/products`);
    await page.getByRole('button', { name: 'Select Hot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to your cart' });
    await dialog.getByLabel('Quantity').fill('15');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('.toast')).toContainText(
      'A line holds at most 20 jars: your cart now has 20 × Hot Pickles, Pint.',
    );
    await page.goto(`${SHOP}/cart`);
    await expect(items).toHaveCount(2);
    await expect(hot).toHaveValue('20');
    await expect(page.getByRole('button', { name: 'Increase quantity of Hot Pickles, Pint' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(errors.filter((error) => !/503|Failed to change the quantity/.test(error))).toEqual([]);
  });

  test('shows the failure toasts when adding or ordering fails', async ({ page, request }) => {
    await newCustomer(page, request, 'sam@example.com');
    await page.goto(`${SHOP}/products`);
    await addToCart(page, 'Hot', 'Pint', 1);

    await page.route('**/api/dhh/create-cart-item', (route) => route.fulfill({ status: 503, json: { error: 'down' } }));
    await page.getByRole('button', { name: 'Select Hot' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Failed');
    await expect(failure).toContainText('There was an issue adding the item to your cart.');
    await expectNoAxeViolations(page);

    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.route('**/api/dhh/submit-order', (route) => route.fulfill({ status: 500, json: { error: 'broken' } }));
    await page.goto(`${SHOP}/cart`);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Order' });
    await dialog.getByRole('button', { name: 'Submit Order' }).click();
    await expect(page.getByRole('alert')).toContainText('An error has occurred.');
    await expect(dialog).toBeHidden(); // so the alert is not behind an inert modal
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1); // the cart is kept
    expect(logged.some((text) => text.startsWith('An error has occurred'))).toBe(true);
  });

  test('a shop toast hides itself after three seconds', async ({ page, request }) => {
    await newCustomer(page, request);
    await page.clock.install({ time: new Date('2026-11-22T10:00:00Z') });
    await page.goto(`${SHOP}/products`);
    await page.clock.pauseAt(new Date('2026-11-22T10:01:00Z'));
    await page.getByRole('button', { name: 'Select Hot' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.locator('.toast');
    await expect(toast).toContainText('Item successfully added to cart.');
    await page.clock.runFor(2900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();
  });
});

type GalleryImage = { src: string; srcset: string };

/** The pictures of a gallery group, as the page lists them for its controller. */
async function groupImages(page: Page, group: string): Promise<GalleryImage[]> {
  const lists = await page
    .locator('[data-group-images]')
    .evaluate((element) => JSON.parse((element as HTMLElement).dataset.groupImages!) as Record<string, GalleryImage[]>);
  return lists[group] ?? [];
}

test.describe('shop: gallery', () => {
  test('turns by 45 degrees with Previous, Next and the arrow keys, and switches groups', async ({ page }) => {
    const errors = watchForErrors(page);
    const imageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') imageRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(`${SHOP}/gallery`);
    const groups = page.getByRole('group', { name: 'Photo groups' }).getByRole('button');
    await expect(groups).toHaveText([
      'Farm',
      'Finished Products',
      'Harvest',
      'Preparation',
      'The Crops',
      'The Process',
    ]);
    await expect(groups.first()).toHaveAttribute('aria-pressed', 'true');
    const ring = page.locator('[data-ring]');
    const angle = () => ring.evaluate((element) => element.style.getPropertyValue('--angle') || '0deg');
    const status = page.locator('[data-status]');
    const images = ring.getByRole('img');
    await expect(images).toHaveCount(8);
    for (const image of await images.all()) await expect(image).toHaveAttribute('alt', /^Illustration of /);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Next' }).click();
    expect(await angle()).toBe('-45deg');
    await expect(status).toHaveText('Farm: image 2 of 8');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await angle()).toBe('45deg');
    await expect(status).toHaveText('Farm: image 8 of 8');
    await page.keyboard.press('ArrowRight'); // right decreases
    expect(await angle()).toBe('0deg');
    await page.keyboard.press('ArrowRight');
    expect(await angle()).toBe('-45deg');
    await page.keyboard.press('ArrowLeft'); // left increases
    expect(await angle()).toBe('0deg');

    // A group's images load only when it is chosen: none of Harvest's once the page has loaded all it loads.
    await siteLoaded(page);
    const harvestUrls = (await groupImages(page, 'Harvest')).flatMap((image) => [
      image.src,
      ...image.srcset.split(',').map((entry) => entry.trim().split(' ')[0]!),
    ]);
    expect(harvestUrls.length).toBeGreaterThanOrEqual(8);
    const harvestRequested = () => imageRequests.filter((path) => harvestUrls.includes(path)).length;
    expect(harvestRequested()).toBe(0);
    const farmFirst = await images.first().getAttribute('src');
    await groups.filter({ hasText: 'Harvest' }).click();
    await expect(groups.filter({ hasText: 'Harvest' })).toHaveAttribute('aria-pressed', 'true');
    await expect(groups.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(status).toHaveText('Harvest: image 1 of 8');
    await expect(images.first()).not.toHaveAttribute('src', farmFirst!);
    await expect.poll(harvestRequested).toBeGreaterThanOrEqual(8);
    for (const image of await images.all()) {
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  // A panel is min(60vw, 300px) wide: from a 500px-wide viewport its picture needs the 320 candidate.
  for (const width of [390, 640]) {
    test(`at ${width}px the front picture is fetched at the size it is shown`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${SHOP}/gallery`);
      await page.waitForLoadState('load');
      const [front] = await picturesIn(page.getByRole('region', { name: 'Gallery' }));
      expect(front!.complete).toBe(true);
      expectFittingCandidate(front!);
    });
  }

  test('fetches the front image alone, and the turned-away ones once it is on screen', async ({ page }) => {
    const errors = watchForErrors(page);
    // The pictures asked for, and when the first one arrived, in the order the browser said them.
    const events: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') events.push(new URL(request.url()).pathname);
    });
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === held) events.push('arrived');
    });
    // The first picture asked for is held back until the page has painted without it and had frames
    // to spare: the others must wait for it, not share its connection.
    let held: string | undefined;
    let holding = () => {};
    const heldBack = new Promise<void>((resolve) => (holding = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.webp', async (route) => {
      const path = new URL(route.request().url()).pathname;
      held ??= path;
      if (path === held) {
        holding();
        await released;
      }
      await route.continue();
    });
    const loaded = page.goto(`${SHOP}/gallery`);
    await heldBack;
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await page.evaluate(async () => {
      for (let frame = 0; frame < 5; frame += 1) await new Promise((next) => requestAnimationFrame(next));
    });
    const whileHeld = [...events];
    release();
    await loaded;
    expect(whileHeld).toEqual([held]);

    const images = page.locator('[data-ring] img');
    const front = await images.first().evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(held).toBe(front);
    const farm = (await groupImages(page, 'Farm')).map((image) => image.src);
    for (const [index, image] of (await images.all()).entries()) {
      await expect(image).toHaveAttribute('src', farm[index]!);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // The others, asked for once the front image had arrived.
    expect(events.slice(0, 2)).toEqual([front, 'arrived']);
    expect(events.slice(2).filter((event) => event !== front && event !== 'arrived').length).toBeGreaterThanOrEqual(7);
    expect(errors).toEqual([]);
  });

  test('turns instantly when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${SHOP}/gallery`);
    const duration = await page
      .locator('[data-ring]')
      .evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(parseFloat(duration)).toBeLessThan(0.001);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const animated = await page
      .locator('[data-ring]')
      .evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(animated).toBe('0.6s');
  });
});

test.describe('dashboard: Your Orders', () => {
  /** Places an order of `quantity` × `type` Pint through the API, as the cart page would. */
  async function placeOrder(request: APIRequestContext, token: string, type: string, quantity: number) {
    const headers = { Authorization: `Bearer ${token}` };
    await request.post('/api/dhh/create-cart-item', {
      headers,
      data: { item: 'Pickles', type, size: 'Pint', quantity },
    });
    const { cartItems } = (await (await request.post('/api/dhh/get-cart-items', { headers, data: {} })).json()) as {
      cartItems: unknown[];
    };
    const placed = await request.post('/api/dhh/submit-order', {
      headers,
      data: { orderList: cartItems, email: 'orders@example.com' },
    });
    expect(placed.status()).toBe(200);
  }

  test('lists only the user’s own orders, newest first, five at a time', async ({ page, request }) => {
    const errors = watchForErrors(page);
    const other = await createUser(request, { prefix: 'other' });
    await placeOrder(request, other.token, 'Kosher Dill', 9);
    // Its own address, confirmed by its holder, is where the confirmations go.
    const email = `${uniqueUsername('orders')}@example.com`;
    const { token } = await createUser(request, { prefix: 'orders', email });
    await setAddressState(email, 'confirmed');
    for (let quantity = 1; quantity <= 6; quantity++) await placeOrder(request, token, 'Hot', quantity);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);

    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Your Orders' }).click();
    const card = page.getByRole('region', { name: 'Your Orders' });
    const orders = card.getByRole('list', { name: 'Your orders, newest first' }).locator(':scope > li');
    await expect(orders).toHaveCount(5);
    await expect(orders.nth(0)).toContainText('6 × Hot Pickles, Pint');
    await expect(orders.nth(4)).toContainText('2 × Hot Pickles, Pint');
    await expect(orders.nth(0)).toContainText(/Confirmation mail: (sent|being sent)/);
    await expect(orders.nth(0).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'Show older orders' }).click();
    await expect(orders).toHaveCount(6);
    await expect(orders.nth(5)).toContainText('1 × Hot Pickles, Pint');
    await expect(card.getByRole('button', { name: 'Show older orders' })).toHaveCount(0);
    await expect(card.getByText('Kosher Dill')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('says so when there are no orders, and when they cannot be loaded', async ({ page, request }) => {
    await newCustomer(page, request);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('button', { name: 'Your Orders' }).click();
    const card = page.getByRole('region', { name: 'Your Orders' });
    await expect(card.getByText('You have not placed an order yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.route('**/api/dhh/orders', (route) => route.fulfill({ status: 503, json: { error: 'down' } }));
    await menu.getByRole('button', { name: 'Your Account' }).click();
    await page.reload();
    await menu.getByRole('button', { name: 'Your Orders' }).click();
    await expect(card.getByRole('alert')).toContainText('Your orders could not be loaded right now.');
    await page.unroute('**/api/dhh/orders');
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByText('You have not placed an order yet.')).toBeVisible();
  });
});
