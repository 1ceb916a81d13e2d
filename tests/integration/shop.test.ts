// The /api/dhh/* endpoints against the local store, with order mail going to the fake Resend:
// the whole cart flow, ownership, validation, the atomic order step and each failure path.
import { describe, expect, it, vi } from 'vitest';
import clearCart from '../../netlify/functions/shop-clear-cart.mts';
import createCartItem from '../../netlify/functions/shop-create-cart-item.mts';
import deleteItem from '../../netlify/functions/shop-delete-item.mts';
import getCartItems from '../../netlify/functions/shop-get-cart-items.mts';
import orders from '../../netlify/functions/shop-orders.mts';
import submitOrder from '../../netlify/functions/shop-submit-order.mts';
import updateItemQuantity from '../../netlify/functions/shop-update-item-quantity.mts';
import register from '../../netlify/functions/auth-register.mts';
import { MAX_CART_ITEMS } from '../../src/features/shop/logic.ts';
import { priceTable, describePickup, formatPrice, pickupDays } from '../../src/features/shop/orders.ts';
import { CART_CHANGED, LIMITS, listOrders } from '../../src/features/shop/service.server.ts';
import { ORDERS_PAGE_SIZE, type OrderSummary } from '../../src/features/shop/schema.ts';
import { keys } from '../../src/server/keys.ts';
import { shopKeys } from '../../src/features/shop/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { dailyCounter } from '../../src/server/daily-cap.ts';
import { MAIL_COUNTERS, UNCONFIRMED_NOTE } from '../../src/server/mail.ts';
import { features, shop } from '../site-config.ts';
import { MAIL_FROM, accountKeyFor, confirmAddresses, useFakeResend } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName, withStoreDown } from './request.ts';

const fakeResend = useFakeResend();

/**
 * A line's price as the shop's content gives it (src/content/shop/prices.ts), as the cart's
 * answer carries it: none when it has none.
 */
const priceOf = (line: { type: string; size: string }) => {
  const cents = priceTable()[`${line.type}|${line.size}`];
  return cents === undefined ? {} : { unitPrice: cents };
};

/** A new account with an email; its holder has confirmed it unless `confirmed` is false. */
async function newShopper(username = uniqueName('shopper'), { confirmed = true } = {}) {
  const email = `${username.replaceAll('.', '-')}@example.com`;
  const { body } = await call(register, { body: { username, password: 'long enough password', email } });
  const token = String(body.user);
  if (confirmed) await confirmAddresses(email);
  return {
    username,
    email,
    token,
    add: (item: Record<string, unknown> = {}) =>
      call(createCartItem, {
        token,
        body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username, ...item },
      }),
    cart: async () => {
      const result = await call(getCartItems, { token, body: { username } });
      return result.body.cartItems as { _id: string; owner: string; type: string; size: string; quantity: number }[];
    },
    setQuantity: (itemId: string, quantity: unknown, extra: Record<string, unknown> = {}) =>
      call(updateItemQuantity, { token, body: { itemId, quantity, ...extra } }),
    order: async () => {
      await call(createCartItem, {
        token,
        body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username },
      });
      const orderList = (await call(getCartItems, { token, body: { username } })).body.cartItems;
      const placed = await call(submitOrder, { token, body: { username, orderList, email: 'a@example.com' } });
      expect(placed.status).toBe(200);
    },
    history: (before?: string) =>
      call(orders, {
        method: 'GET',
        token,
        path: before === undefined ? '/api/dhh/orders' : `/api/dhh/orders?before=${encodeURIComponent(before)}`,
      }),
  };
}

describe.skipIf(!features.shop)('the cart', () => {
  it('adds each type and size, lists them oldest first with the spec fields, deletes one, clears', async () => {
    const shopper = await newShopper();
    const lines = [
      { type: 'Hot', size: 'Pint', quantity: 1 },
      { type: 'Bread and Butter', size: 'Quart', quantity: 20 },
      { type: 'Kosher Dill', size: 'Pint', quantity: 3 },
    ];
    for (const line of lines) {
      expect(await shopper.add(line)).toMatchObject({ status: 200, body: { status: 'Success' } });
    }
    const cart = await shopper.cart();
    expect(cart).toEqual(
      lines.map((line) => ({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        owner: shopper.username,
        item: 'Pickles',
        ...line,
        ...priceOf(line),
      })),
    );

    const removed = await call(deleteItem, {
      token: shopper.token,
      body: { ownerId: shopper.username, itemId: cart[1]!._id },
    });
    expect(removed).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect((await shopper.cart()).map((item) => item.type)).toEqual(['Hot', 'Kosher Dill']);

    expect((await call(clearCart, { token: shopper.token, body: { username: shopper.username } })).status).toBe(200);
    expect(await shopper.cart()).toEqual([]);
  });

  it('costs one store round trip per call', async () => {
    const shopper = await newShopper();
    expect(await countStoreRoundTrips(() => shopper.add())).toBe(1);
    expect(await countStoreRoundTrips(() => shopper.cart())).toBe(1);
    const [item] = await shopper.cart();
    const remove = () =>
      call(deleteItem, { token: shopper.token, body: { ownerId: shopper.username, itemId: item!._id } });
    expect(await countStoreRoundTrips(remove)).toBe(1);
    const clear = () => call(clearCart, { token: shopper.token, body: { username: shopper.username } });
    expect(await countStoreRoundTrips(clear)).toBe(1);
  });

  it.each([
    [{ item: 'Jam' }, 'We only sell Pickles.'],
    [{ type: 'Sweet' }, 'Type must be one of: Hot, Bread and Butter, Kosher Dill.'],
    [{ size: 'Gallon' }, 'Size must be Pint or Quart.'],
    [{ quantity: 0 }, 'Quantity must be from 1 to 20.'],
    [{ quantity: 21 }, 'Quantity must be from 1 to 20.'],
    [{ quantity: 1.5 }, 'Quantity must be a whole number.'],
    [{ quantity: '3' }, 'Quantity must be a number.'],
  ])('refuses %j with 400', async (line, error) => {
    const shopper = await newShopper();
    expect(await shopper.add(line)).toMatchObject({ status: 400, body: { error, code: 'bad_request' } });
    expect(await shopper.cart()).toEqual([]);
  });

  it('adds the same type and size again onto its line, capped at 20 jars and saying so', async () => {
    const shopper = await newShopper();
    expect(await shopper.add({ quantity: 3 })).toMatchObject({
      status: 200,
      body: { status: 'Success', quantity: 3, capped: false },
    });
    expect(await shopper.add({ quantity: 4 })).toMatchObject({ body: { quantity: 7, capped: false } });
    await shopper.add({ size: 'Quart', quantity: 2 });
    await shopper.add({ type: 'Kosher Dill', quantity: 1 });
    const cart = await shopper.cart();
    expect(cart.map(({ type, size, quantity }) => [type, size, quantity])).toEqual([
      ['Hot', 'Pint', 7],
      ['Hot', 'Quart', 2],
      ['Kosher Dill', 'Pint', 1],
    ]);

    // 7 + 15 is over 20: the line holds 20 and the answer says the addition was cut.
    expect(await shopper.add({ quantity: 15 })).toMatchObject({ status: 200, body: { quantity: 20, capped: true } });
    expect(await shopper.add({ quantity: 1 })).toMatchObject({ status: 200, body: { quantity: 20, capped: true } });
    expect(await shopper.add({ type: 'Kosher Dill', quantity: 19 })).toMatchObject({
      body: { quantity: 20, capped: false },
    });
    const after = await shopper.cart();
    expect(after.map(({ _id, quantity }) => [_id, quantity])).toEqual([
      [cart[0]!._id, 20],
      [cart[1]!._id, 2],
      [cart[2]!._id, 20],
    ]);
  });

  it('merges two additions of the same line sent at once into one line', async () => {
    const shopper = await newShopper();
    await Promise.all([shopper.add({ quantity: 2 }), shopper.add({ quantity: 5 })]);
    expect((await shopper.cart()).map(({ quantity }) => quantity)).toEqual([7]);
  });

  it(`holds at most ${MAX_CART_ITEMS} lines`, async () => {
    const shopper = await newShopper();
    // Six types and sizes make six lines at most now; a cart filled before lines merged can hold more.
    const filler = Object.fromEntries(
      Array.from({ length: MAX_CART_ITEMS }, () => {
        const _id = crypto.randomUUID();
        const line = { _id, owner: shopper.username, item: 'Pickles', type: 'Hot', size: 'Quart', quantity: 1 };
        return [_id, JSON.stringify({ ...line, addedAt: Date.now() })];
      }),
    );
    await redis().hset(keys.cart(await accountKeyFor(shopper.username)), filler);
    const full = await shopper.add({ type: 'Kosher Dill' });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(`Your cart is full (${MAX_CART_ITEMS} items). Submit or clear it first.`);
    expect(await shopper.cart()).toHaveLength(MAX_CART_ITEMS);
  });

  it('says so when the item to delete is not in the cart, or its id is malformed', async () => {
    const shopper = await newShopper();
    const missing = await call(deleteItem, {
      token: shopper.token,
      body: { ownerId: shopper.username, itemId: crypto.randomUUID() },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'That item is not in your cart.' } });
    const malformed = await call(deleteItem, {
      token: shopper.token,
      body: { ownerId: shopper.username, itemId: 'x' },
    });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'itemId is not a cart item id.' } });
  });
});

describe.skipIf(!features.shop)('changing a line’s quantity', () => {
  it('sets the quantity of a line in one round trip, keeping its other fields', async () => {
    const shopper = await newShopper();
    await shopper.add({ type: 'Bread and Butter', size: 'Quart', quantity: 2 });
    await shopper.add({ type: 'Hot', quantity: 1 });
    const [line, other] = await shopper.cart();
    let result: Awaited<ReturnType<typeof call>> | undefined;
    const trips = await countStoreRoundTrips(async () => {
      result = await shopper.setQuantity(line!._id, 20);
    });
    expect(result).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(trips).toBe(1);
    expect(await shopper.cart()).toEqual([{ ...line, quantity: 20 }, other]);
    expect((await shopper.setQuantity(line!._id, 1)).status).toBe(200);
    expect((await shopper.cart())[0]).toEqual({ ...line, quantity: 1 });
  });

  it.each([
    [0, 'Quantity must be from 1 to 20.'],
    [21, 'Quantity must be from 1 to 20.'],
    [-3, 'Quantity must be from 1 to 20.'],
    [2.5, 'Quantity must be a whole number.'],
    ['5', 'Quantity must be a number.'],
    [null, 'Quantity must be a number.'],
  ])('refuses quantity %j with 400 and changes nothing', async (quantity, error) => {
    const shopper = await newShopper();
    await shopper.add({ quantity: 4 });
    const cart = await shopper.cart();
    expect(await shopper.setQuantity(cart[0]!._id, quantity)).toMatchObject({
      status: 400,
      body: { error, code: 'bad_request' },
    });
    expect(await shopper.cart()).toEqual(cart);
  });

  it('cannot touch another user’s line, by id or by naming them', async () => {
    const alice = await newShopper();
    const mallory = await newShopper();
    await alice.add({ quantity: 2 });
    await mallory.add({ quantity: 3 });
    const aliceCart = await alice.cart();
    const malloryCart = await mallory.cart();
    expect(await mallory.setQuantity(aliceCart[0]!._id, 20)).toMatchObject({
      status: 404,
      body: { error: 'That item is not in your cart.' },
    });
    expect(await mallory.setQuantity(aliceCart[0]!._id, 20, { username: alice.username })).toMatchObject({
      status: 403,
      body: { error: 'You can only use your own cart.' },
    });
    expect(await call(updateItemQuantity, { body: { itemId: aliceCart[0]!._id, quantity: 20 } })).toMatchObject({
      status: 401,
    });
    expect(await alice.cart()).toEqual(aliceCart);
    expect(await mallory.cart()).toEqual(malloryCart);
    expect(await mallory.setQuantity('not-an-id', 2)).toMatchObject({
      status: 400,
      body: { error: 'itemId is not a cart item id.' },
    });
  });
});

describe.skipIf(!features.shop)('order history', () => {
  it('pages through the user’s own orders, newest first, one round trip a page', async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    for (let i = 0; i < ORDERS_PAGE_SIZE + 2; i++) await alice.order();
    await bob.order();
    const newestFirst = (await listOrders(20, alice.username)).map((order) => order.id);
    expect(newestFirst).toHaveLength(ORDERS_PAGE_SIZE + 2);

    let first: Awaited<ReturnType<typeof call>> | undefined;
    expect(await countStoreRoundTrips(async () => (first = await alice.history()))).toBe(1);
    expect(first!.status).toBe(200);
    const page1 = first!.body.orders as OrderSummary[];
    expect(page1.map((order) => order.id)).toEqual(newestFirst.slice(0, ORDERS_PAGE_SIZE));
    expect(page1[0]).toEqual({
      id: newestFirst[0],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lines: [{ item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, ...priceOf({ type: 'Hot', size: 'Pint' }) }],
      total: priceOf({ type: 'Hot', size: 'Pint' }).unitPrice ?? null,
      // The first day the farm offered when it was placed (no day named).
      pickup: pickupDays(Date.parse(page1[0]!.createdAt))[0] ?? null,
      mail: 'delivered',
    });
    expect(first!.body.nextCursor).toEqual(expect.any(String));

    let second: Awaited<ReturnType<typeof call>> | undefined;
    const cursor = first!.body.nextCursor as string;
    expect(await countStoreRoundTrips(async () => (second = await alice.history(cursor)))).toBe(1);
    expect((second!.body.orders as OrderSummary[]).map((order) => order.id)).toEqual(
      newestFirst.slice(ORDERS_PAGE_SIZE),
    );
    expect(second!.body.nextCursor).toBeNull();

    const bobs = await bob.history();
    expect((bobs.body.orders as OrderSummary[]).map((order) => order.id)).toEqual(
      (await listOrders(5, bob.username)).map((order) => order.id),
    );
    expect(bobs.body.orders).toHaveLength(1);
    // Alice's cursor in Bob's hands pages Bob's own index, never Alice's.
    expect((await bob.history(cursor)).body.orders).toEqual([]);
  });

  it('pages correctly through orders placed in the same millisecond', async () => {
    const shopper = await newShopper();
    const createdAt = new Date().toISOString();
    const ids = Array.from({ length: ORDERS_PAGE_SIZE * 2 + 1 }, () => crypto.randomUUID());
    const account = await accountKeyFor(shopper.username);
    const pipe = redis().multi();
    for (const id of ids) {
      pipe.hset(shopKeys.order(id), {
        id,
        username: shopper.username,
        account,
        email: 'a@example.com',
        items: '[]',
        createdAt,
        delivery: 'not-sent',
        deliveryNote: '',
      });
      pipe.zadd(keys.userOrders(account), { score: Date.parse(createdAt), member: id });
    }
    await pipe.exec();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await shopper.history(cursor);
      expect(page.status).toBe(200);
      seen.push(...(page.body.orders as OrderSummary[]).map((order) => order.id));
      cursor = (page.body.nextCursor as string | null) ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].sort().reverse());
  });

  it('shows the confirmation mail’s state, and an empty history for a new shopper', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shopper = await newShopper();
    expect(await shopper.history()).toMatchObject({ status: 200, body: { orders: [], nextCursor: null } });
    delete process.env.RESEND_API_KEY;
    await shopper.order();
    expect((await shopper.history()).body.orders).toMatchObject([{ mail: 'not-sent' }]);
  });

  it.each(['x', '12:abc', '1:' + 'g'.repeat(36), '-1:00000000-0000-0000-0000-000000000000'])(
    'refuses the cursor %j with 400',
    async (before) => {
      const shopper = await newShopper();
      expect(await shopper.history(before)).toMatchObject({
        status: 400,
        body: { error: 'before is not a page cursor.' },
      });
    },
  );

  it('needs a token', async () => {
    expect(await call(orders, { method: 'GET', path: '/api/dhh/orders' })).toMatchObject({ status: 401 });
  });
});

describe.skipIf(!features.shop)('prices', () => {
  const lines = [
    { type: 'Hot', size: 'Quart', quantity: 2 },
    { type: 'Kosher Dill', size: 'Pint', quantity: 5 },
  ];
  /** The lines' total from the content's prices; null unless each has one. */
  const expectedTotal = lines.every((line) => 'unitPrice' in priceOf(line))
    ? lines.reduce((sum, line) => sum + priceOf(line).unitPrice! * line.quantity, 0)
    : null;

  it('prices every cart line and the cart from the shop’s content; an order keeps the prices it was placed at', async () => {
    const shopper = await newShopper();
    for (const line of lines) await shopper.add(line);
    const { body } = await call(getCartItems, { token: shopper.token, body: { username: shopper.username } });
    expect(body.cartItems).toMatchObject(lines.map((line) => ({ ...line, ...priceOf(line) })));
    expect(body.total).toBe(expectedTotal);

    // A browser's word on prices counts for nothing: its lines' prices and a total of its own are ignored.
    const orderList = (body.cartItems as { _id: string }[]).map((item) => ({ ...item, unitPrice: 1 }));
    const placed = await call(submitOrder, {
      token: shopper.token,
      body: { username: shopper.username, orderList, email: shopper.email, total: 1 },
    });
    expect(placed.status).toBe(200);
    const [order] = (await shopper.history()).body.orders as OrderSummary[];
    expect(order!.total).toBe(expectedTotal);
    expect(order!.lines).toMatchObject(lines.map((line) => ({ ...line, ...priceOf(line) })));
    const mail = fakeResend().sent.find((sent) => sent.idempotencyKey === `order-${order!.id}`);
    if (expectedTotal !== null) expect(mail?.text).toContain(`, ${formatPrice(expectedTotal)}.`);

    // The order's own prices count, not the shop's today: changed after it was placed, its total stays.
    await redis().hset(shopKeys.order(order!.id), {
      prices: JSON.stringify({ 'Hot|Quart': 100, 'Kosher Dill|Pint': 1 }),
    });
    const [kept] = (await shopper.history()).body.orders as OrderSummary[];
    expect(kept!.total).toBe(2 * 100 + 5 * 1);
    // An order from before prices shows none, and no total.
    await redis().hdel(shopKeys.order(order!.id), 'prices');
    const [older] = (await shopper.history()).body.orders as OrderSummary[];
    expect(older!.total).toBeNull();
    expect(older!.lines.some((line) => 'unitPrice' in line)).toBe(false);
  });

  it('shows no total while a line has no price', async () => {
    const table = { ...priceTable() };
    try {
      for (const key of Object.keys(priceTable())) if (key.startsWith('Hot|')) delete priceTable()[key];
      const shopper = await newShopper();
      for (const line of lines) await shopper.add(line);
      const { body } = await call(getCartItems, { token: shopper.token, body: { username: shopper.username } });
      expect(body.total).toBeNull();
      expect((body.cartItems as object[])[0]).not.toHaveProperty('unitPrice');
    } finally {
      Object.assign(priceTable(), table);
    }
  });
});

describe.skipIf(!features.shop)('pickup day', () => {
  it('keeps the day chosen, gives a client that names none the first offered, and refuses another', async () => {
    const days = pickupDays(Date.now()); // the shop's content (src/content/shop/pickup.ts)
    const shopper = await newShopper();
    const place = async (pickup?: string) => {
      await shopper.add();
      const orderList = await shopper.cart();
      const body = { username: shopper.username, orderList, email: shopper.email, ...(pickup ? { pickup } : {}) };
      return call(submitOrder, { token: shopper.token, body });
    };
    expect(await place('2020-01-04')).toMatchObject({
      status: 400,
      body: { error: 'That pickup day is not one the farm offers. Please choose another.' },
    });
    expect(await place('next week')).toMatchObject({
      status: 400,
      body: { error: 'pickup must be a date, YYYY-MM-DD.' },
    });
    expect(await shopper.cart()).toHaveLength(1); // refused before anything was placed

    const chosen = days.at(-1);
    expect((await place(chosen)).status).toBe(200);
    expect((await place()).status).toBe(200);
    const placed = (await shopper.history()).body.orders as OrderSummary[];
    expect(placed.map((order) => order.pickup)).toEqual([
      pickupDays(Date.parse(placed[0]!.createdAt))[0] ?? null,
      chosen ?? null,
    ]);
    const mail = fakeResend().sent.find((sent) => sent.idempotencyKey === `order-${placed[1]!.id}`);
    if (chosen) expect(mail?.text).toContain(`Pickup at the farm: ${describePickup(chosen)}.`);
  });
});

describe.skipIf(!features.shop)('ownership: the cart is always the token user’s', () => {
  it('needs a token for every endpoint', async () => {
    const id = crypto.randomUUID();
    for (const [handler, body] of [
      [createCartItem, { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1 }],
      [getCartItems, {}],
      [deleteItem, { itemId: id }],
      [clearCart, {}],
      [submitOrder, { orderList: [{ _id: id }], email: 'a@example.com' }],
    ] as const) {
      expect(await call(handler, { body })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    }
  });

  it('refuses another user named in the body, and cannot reach their items by id', async () => {
    const alice = await newShopper();
    const mallory = await newShopper();
    await alice.add({ type: 'Kosher Dill' });
    const [item] = await alice.cart();
    const asMallory = (handler: typeof getCartItems, body: Record<string, unknown>) =>
      call(handler, { token: mallory.token, body });

    const forbidden = { status: 403, body: { error: 'You can only use your own cart.', code: 'forbidden' } };
    expect(await asMallory(getCartItems, { username: alice.username })).toMatchObject(forbidden);
    expect(await asMallory(clearCart, { username: alice.username })).toMatchObject(forbidden);
    expect(await asMallory(deleteItem, { ownerId: alice.username, itemId: item!._id })).toMatchObject(forbidden);
    expect(
      await asMallory(createCartItem, {
        item: 'Pickles',
        type: 'Hot',
        size: 'Pint',
        quantity: 1,
        username: alice.username,
      }),
    ).toMatchObject(forbidden);
    expect(
      await asMallory(submitOrder, {
        username: alice.username,
        orderList: [{ _id: item!._id }],
        email: 'm@example.com',
      }),
    ).toMatchObject(forbidden);
    // Naming herself, Mallory only ever reaches her own (empty) cart.
    expect(await asMallory(deleteItem, { ownerId: mallory.username, itemId: item!._id })).toMatchObject({
      status: 404,
    });
    expect(
      await asMallory(submitOrder, {
        username: mallory.username,
        orderList: [{ _id: item!._id }],
        email: 'm@example.com',
      }),
    ).toMatchObject({ status: 400, body: { error: 'Your cart is empty.' } });

    expect(await alice.cart()).toEqual([item]);
  });

  it('matches the body username case-insensitively, as usernames are', async () => {
    const shopper = await newShopper();
    expect((await shopper.add({ username: shopper.username.toUpperCase() })).status).toBe(200);
  });
});

describe.skipIf(!features.shop)('orders', () => {
  it('turns the server cart into an order, empties the cart and mails a confirmation (2 round trips)', async () => {
    const shopper = await newShopper();
    await shopper.add({ type: 'Hot', size: 'Quart', quantity: 2 });
    await shopper.add({ type: 'Kosher Dill', size: 'Pint', quantity: 5 });
    const cart = await shopper.cart();
    // The client's list is only checked against the server's cart: its other fields are ignored,
    // and so is the address typed: the confirmation goes to the account's own.
    const orderList = cart.map((item) => ({ ...item, quantity: 99 }));
    let result: Awaited<ReturnType<typeof call>> | undefined;
    const roundTrips = await countStoreRoundTrips(async () => {
      result = await call(submitOrder, {
        token: shopper.token,
        body: { username: shopper.username, orderList, email: ' buyer@example.com ' },
      });
    });
    expect(result).toMatchObject({ status: 200, body: { status: 'Success' } });
    // Rate limit, cart check and order in one atomic step; whether the address is confirmed; the delivery record.
    expect(roundTrips).toBe(3);
    expect(await shopper.cart()).toEqual([]);

    const [order] = await listOrders(1, shopper.username);
    expect(order).toMatchObject({
      username: shopper.username,
      email: shopper.email,
      items: cart.map(({ _id, owner, type, size, quantity }) => ({
        _id,
        owner,
        item: 'Pickles',
        type,
        size,
        quantity,
      })),
      delivery: 'delivered',
    });
    expect(fakeResend().sent.some((sent) => sent.to === 'buyer@example.com')).toBe(false);
    const mail = fakeResend().sent.find((sent) => sent.idempotencyKey === `order-${order!.id}`);
    expect(mail).toMatchObject({
      to: shopper.email,
      from: MAIL_FROM,
      subject: `Your ${shop.name} order`,
    });
    expect(mail?.text).toContain('2 × Hot Pickles, Quart');
    expect(mail?.text).toContain('5 × Kosher Dill Pickles, Pint');
    expect(order?.deliveryNote).toBe(mail?.id);
  });

  it("mails nothing to an account's address its holder has not confirmed, and spends no mail budget on it", async () => {
    const shopper = await newShopper(uniqueName('shopper'), { confirmed: false });
    const [orderMail] = dailyCounter(MAIL_COUNTERS.orders);
    const before = Number(await redis().get(orderMail));
    await shopper.order();
    const [order] = await listOrders(1, shopper.username);
    expect(order).toMatchObject({ email: shopper.email, delivery: 'not-sent', deliveryNote: UNCONFIRMED_NOTE });
    expect(fakeResend().sent.some((sent) => sent.idempotencyKey === `order-${order!.id}`)).toBe(false);
    expect(Number(await redis().get(orderMail))).toBe(before);
    // The shopper's history says why, not the daily cap's reason.
    expect((await shopper.history()).body.orders).toMatchObject([{ id: order!.id, mail: 'unconfirmed' }]);
  });

  it('mails nothing the shopper chose: a username that reads as a link is not in the confirmation', async () => {
    // Anyone may type anyone's address into an order: the mail must not carry the orderer's words,
    // such as a username a mail client would turn into a link to the orderer's site.
    const label = `evil-${crypto.randomUUID().slice(0, 8)}`;
    const shopper = await newShopper(`www.${label}.com`);
    await shopper.order();
    const [order] = await listOrders(1, shopper.username);
    expect(order?.username).toBe(`www.${label}.com`);
    const mail = fakeResend().sent.find((sent) => sent.idempotencyKey === `order-${order!.id}`);
    expect(mail).toMatchObject({ to: shopper.email, text: expect.stringContaining('1 × Hot Pickles, Pint') });
    expect(mail?.html).toBeUndefined(); // plain text only: no markup, so no <a> either
    const { to: _to, id: _id, idempotencyKey: _key, receivedAt: _at, ...content } = mail!;
    expect(JSON.stringify(content).toLowerCase()).not.toContain(label);
  });

  it.each([
    ['a missing item', (ids: string[]) => [ids[0]!]],
    ['an extra item', (ids: string[]) => [...ids, crypto.randomUUID()]],
    ['a repeated item', (ids: string[]) => [ids[0]!, ids[0]!]],
    ['a foreign item', (ids: string[]) => [ids[0]!, crypto.randomUUID()]],
  ])('refuses an order list with %s, and changes nothing', async (_case, linesOf) => {
    const shopper = await newShopper();
    await shopper.add();
    await shopper.add({ type: 'Kosher Dill' });
    const cart = await shopper.cart();
    const stale = await call(submitOrder, {
      token: shopper.token,
      body: {
        username: shopper.username,
        orderList: linesOf(cart.map((item) => item._id)).map((_id) => ({ _id })),
        email: 'a@example.com',
      },
    });
    expect(stale).toMatchObject({ status: 409, body: { error: CART_CHANGED } });
    expect(await shopper.cart()).toEqual(cart);
    expect(await listOrders(5, shopper.username)).toEqual([]);
  });

  it('places one order when the same cart is submitted twice at once: never both, never neither', async () => {
    const shopper = await newShopper();
    await shopper.add();
    const orderList = await shopper.cart();
    const submit = () =>
      call(submitOrder, {
        token: shopper.token,
        body: { username: shopper.username, orderList, email: 'a@example.com' },
      });
    const results = await Promise.all([submit(), submit()]);
    // The second finds the cart already ordered, hence empty.
    expect(results.map((result) => [result.status, result.body.error]).sort()).toEqual([
      [200, undefined],
      [400, 'Your cart is empty.'],
    ]);
    expect(await listOrders(5, shopper.username)).toHaveLength(1);
    expect(await shopper.cart()).toEqual([]);
  });

  it.each([
    [{ email: 'not-an-address' }, 'Invalid Email Format'],
    [{ email: '' }, 'Invalid Email Format'],
    [{ orderList: [] }, 'Your cart is empty.'],
    [{ orderList: [{ _id: 'x' }] }, 'An order line is not a cart item id.'],
  ])('refuses %j with 400', async (overrides, error) => {
    const shopper = await newShopper();
    await shopper.add();
    const orderList = await shopper.cart();
    const result = await call(submitOrder, {
      token: shopper.token,
      body: { username: shopper.username, orderList, email: 'a@example.com', ...overrides },
    });
    expect(result).toMatchObject({ status: 400, body: { error } });
    expect(await shopper.cart()).toHaveLength(1);
  });

  it('keeps the order, marked undelivered, when Resend fails; and not-sent without a key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shopper = await newShopper();
    const order = async () => {
      await shopper.add();
      const orderList = await shopper.cart();
      return call(submitOrder, {
        token: shopper.token,
        body: { username: shopper.username, orderList, email: 'a@example.com' },
      });
    };
    fakeResend().failWith(503);
    expect((await order()).status).toBe(200);
    delete process.env.RESEND_API_KEY;
    expect((await order()).status).toBe(200);
    const [notSent, undelivered] = await listOrders(2, shopper.username);
    expect(undelivered).toMatchObject({ delivery: 'undelivered', deliveryNote: expect.stringContaining('(503)') });
    expect(notSent).toMatchObject({ delivery: 'not-sent', deliveryNote: 'RESEND_API_KEY is not set' });
  });

  it(`limits a user to ${LIMITS.ordersPerUser.max} orders a day`, async () => {
    const shopper = await newShopper();
    const order = async () => {
      await shopper.add();
      const orderList = await shopper.cart();
      return call(submitOrder, {
        token: shopper.token,
        body: { username: shopper.username, orderList, email: 'a@example.com' },
      });
    };
    for (let i = 0; i < LIMITS.ordersPerUser.max; i++) expect((await order()).status).toBe(200);
    const refused = await order();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await shopper.cart()).toHaveLength(1); // the cart is kept for later
  });

  it('answers 503 on every endpoint when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shopper = await newShopper();
    const body = { username: shopper.username, item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1 };
    for (const [handler, payload] of [
      [createCartItem, body],
      [getCartItems, { username: shopper.username }],
      [deleteItem, { ownerId: shopper.username, itemId: crypto.randomUUID() }],
      [clearCart, { username: shopper.username }],
      [submitOrder, { username: shopper.username, orderList: [{ _id: crypto.randomUUID() }], email: 'a@example.com' }],
      [updateItemQuantity, { itemId: crypto.randomUUID(), quantity: 2 }],
    ] as const) {
      const result = await withStoreDown(() => call(handler, { token: shopper.token, body: payload }));
      expect(result).toMatchObject({ status: 503, body: { code: 'unavailable' } });
    }
    const history = await withStoreDown(() => call(orders, { method: 'GET', token: shopper.token }));
    expect(history).toMatchObject({ status: 503, body: { code: 'unavailable' } });
  });
});
