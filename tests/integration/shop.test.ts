// The /api/dhh/* endpoints against the local store, with order mail going to the fake Resend:
// the whole cart flow, ownership, validation, the atomic order step and each failure path.
import { describe, expect, it, vi } from 'vitest';
import clearCart from '../../netlify/functions/dhh-clear-cart.mts';
import createCartItem from '../../netlify/functions/dhh-create-cart-item.mts';
import deleteItem from '../../netlify/functions/dhh-delete-item.mts';
import getCartItems from '../../netlify/functions/dhh-get-cart-items.mts';
import submitOrder from '../../netlify/functions/dhh-submit-order.mts';
import register from '../../netlify/functions/register.mts';
import { MAX_CART_ITEMS } from '../../src/features/shop/catalogue.ts';
import { CART_CHANGED, LIMITS, listOrders } from '../../src/features/shop/service.server.ts';
import { MAIL_FROM, useFakeResend } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName, withStoreDown } from './request.ts';

const fakeResend = useFakeResend();

async function newShopper() {
  const username = uniqueName('shopper');
  const { body } = await call(register, { body: { username, password: 'long enough password' } });
  const token = String(body.user);
  return {
    username,
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
  };
}

describe('the cart', () => {
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

  it(`holds at most ${MAX_CART_ITEMS} lines`, async () => {
    const shopper = await newShopper();
    for (let i = 0; i < MAX_CART_ITEMS; i++) expect((await shopper.add()).status).toBe(200);
    const full = await shopper.add();
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

describe('ownership: the cart is always the token user’s', () => {
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

describe('orders', () => {
  it('turns the server cart into an order, empties the cart and mails a confirmation (2 round trips)', async () => {
    const shopper = await newShopper();
    await shopper.add({ type: 'Hot', size: 'Quart', quantity: 2 });
    await shopper.add({ type: 'Kosher Dill', size: 'Pint', quantity: 5 });
    const cart = await shopper.cart();
    // The client's list is only checked against the server's cart: its other fields are ignored.
    const orderList = cart.map((item) => ({ ...item, quantity: 99 }));
    let result: Awaited<ReturnType<typeof call>> | undefined;
    const roundTrips = await countStoreRoundTrips(async () => {
      result = await call(submitOrder, {
        token: shopper.token,
        body: { username: shopper.username, orderList, email: ' buyer@example.com ' },
      });
    });
    expect(result).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(roundTrips).toBe(2); // rate limit, cart check and order in one atomic step; the delivery record
    expect(await shopper.cart()).toEqual([]);

    const [order] = await listOrders(1, shopper.username);
    expect(order).toMatchObject({
      username: shopper.username,
      email: 'buyer@example.com',
      items: cart,
      delivery: 'delivered',
    });
    const mail = fakeResend().sent.find((sent) => sent.idempotencyKey === `order-${order!.id}`);
    expect(mail).toMatchObject({
      to: 'buyer@example.com',
      from: MAIL_FROM,
      subject: 'Your Drecoll Hills Harvest order',
    });
    expect(mail?.text).toContain('2 × Hot Pickles, Quart');
    expect(mail?.text).toContain('5 × Kosher Dill Pickles, Pint');
    expect(order?.deliveryNote).toBe(mail?.id);
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

  it(`limits a user to ${LIMITS.ordersPerUser.max} orders an hour`, async () => {
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
    ] as const) {
      const result = await withStoreDown(() => call(handler, { token: shopper.token, body: payload }));
      expect(result).toMatchObject({ status: 503, body: { code: 'unavailable' } });
    }
  });
});
