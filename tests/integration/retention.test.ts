// Retention: contact messages, orders and forum posts are kept for their stated time (and contact
// messages within a stated number), then removed by the next write of the same kind, in that
// write's own round trip; what waits for that write is not shown. Old records are seeded through
// the repos with an old creation time, as records written a year ago (or before retention existed)
// sit in the store. The file has a store of its own: it fills indexes every suite shares.
import { describe, expect, it, vi } from 'vitest';
import orders from '../../netlify/functions/shop-orders.mts';
import submitOrderFn from '../../netlify/functions/shop-submit-order.mts';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import getMessages from '../../netlify/functions/forum-get-messages.mts';
import contact from '../../netlify/functions/contact-send.mts';
import * as contactRepo from '../../src/features/contact/repo.server.ts';
import { MAX_KEPT_MESSAGES, MESSAGE_RETENTION_DAYS } from '../../src/features/contact/logic.ts';
import { listContactMessages } from '../../src/features/contact/service.server.ts';
import { POST_RETENTION_DAYS } from '../../src/features/forum/logic.ts';
import { listMessages, postMessage } from '../../src/features/forum/service.server.ts';
import { ORDER_RETENTION_DAYS } from '../../src/features/shop/logic.ts';
import { addToCart, cartItems, listOrders, submitOrder } from '../../src/features/shop/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { forumKeys } from '../../src/features/forum/keys.server.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { shopKeys } from '../../src/features/shop/keys.server.ts';
import { contactKeys } from '../../src/features/contact/keys.server.ts';
import type { Attempt } from '../../src/server/rate-limit.ts';
import { redis } from '../../src/server/redis.ts';
import { TRIM_BATCH } from '../../src/server/retention.ts';
import { features } from '../site-config.ts';
import { confirmAddresses, sessionUserFor, tokenFor, useFakeResend } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

const fakeResend = useFakeResend();
useOwnStore();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `write` with the clock set `days` back (Date only: the store keeps its own time), as a write
 * made then: its records carry that time, and the retention is reckoned from it.
 */
async function daysAgo<T>(days: number, write: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - days * DAY_MS });
  try {
    return await write();
  } finally {
    vi.useRealTimers();
  }
}

/** Stores a contact message through the repo, as it was stored `days` ago. */
function oldMessage(days: number): Promise<contactRepo.StoredMessage> {
  return daysAgo(days, async () => {
    const message: contactRepo.StoredMessage = {
      senderEmail: `${uniqueName('old')}@example.com`,
      emailSubject: `${days} days ago`,
      emailText: 'An old message.',
      id: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
      delivery: 'delivered',
      deliveryNote: 'earlier',
    };
    const attempt: Attempt = [{ bucket: 'seed', max: 1000, windowSeconds: 60 }, 'seed'];
    expect(await contactRepo.storeMessage(message, attempt, 1000)).toEqual({ stored: 'send' });
    return message;
  });
}

const sendMessage = (emailSubject: string) =>
  call(contact, {
    body: { senderEmail: `${uniqueName('new')}@example.com`, emailSubject, emailText: 'A new message.' },
    address: newAddress(),
  });

describe(`contact messages: kept ${MESSAGE_RETENTION_DAYS} days and at most ${MAX_KEPT_MESSAGES}`, () => {
  it('removes messages older than the retention at the next message, in its round trips; younger ones stay', async () => {
    const old = await oldMessage(MESSAGE_RETENTION_DAYS + 30);
    const younger = await oldMessage(MESSAGE_RETENTION_DAYS - 30);
    expect((await listContactMessages(100)).map((m) => m.id)).toEqual([younger.id, old.id]);

    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const roundTrips = await countStoreRoundTrips(async () => {
      answer = await sendMessage('The next message');
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(roundTrips).toBe(2); // the same two as ever: the store and trim, the delivery record

    // What `npm run admin -- messages` lists: the new message and the younger one, not the old.
    const listed = await listContactMessages(100);
    expect(listed.map((m) => m.emailSubject)).toEqual(['The next message', younger.emailSubject]);
    expect(fakeResend().sent.at(-1)?.subject).toContain('The next message');
    expect(await redis().exists(contactKeys.message(old.id))).toBe(0);
    expect(await redis().zscore(contactKeys.messages(), old.id)).toBeNull();
  });

  it('gives every message its expiry: it is gone a year after it was written, write or none', async () => {
    await sendMessage('Expiring');
    const [latest] = await listContactMessages(1);
    const ttl = await redis().ttl(contactKeys.message(latest!.id));
    expect(ttl).toBeGreaterThan(MESSAGE_RETENTION_DAYS * 86_400 - 60);
    expect(ttl).toBeLessThanOrEqual(MESSAGE_RETENTION_DAYS * 86_400);
    // Recording how its mail went keeps the expiry.
    expect(latest?.delivery).toBe('delivered');
  });

  it(`keeps the newest ${MAX_KEPT_MESSAGES}: each message trims the oldest beyond them, ${TRIM_BATCH} at most`, async () => {
    // Fill the index beyond the bound with young entries (ids only: the trim deletes their records too).
    const now = Date.now();
    const surplus = TRIM_BATCH + 2;
    const fill = MAX_KEPT_MESSAGES + surplus - (await redis().zcard(contactKeys.messages()));
    const entries = Array.from({ length: fill }, (_, i) => ({ score: now - DAY_MS + i, member: `filler-${i}` }));
    for (let i = 0; i < entries.length; i += 2000) {
      const [first, ...rest] = entries.slice(i, i + 2000);
      await redis().zadd(contactKeys.messages(), first!, ...rest);
    }
    await redis().hset(contactKeys.message('filler-0'), { emailSubject: 'A filler' });
    // The first new message makes surplus + 1 too many: the oldest TRIM_BATCH go; the second
    // message, one more, takes the rest, and the bound holds.
    const [first, rest, staying] = [
      await redis().zrange<string[]>(contactKeys.messages(), 0, TRIM_BATCH - 1),
      await redis().zrange<string[]>(contactKeys.messages(), TRIM_BATCH, surplus + 1),
      await redis().zrange<string[]>(contactKeys.messages(), surplus + 2, surplus + 2),
    ];
    expect(first).toContain('filler-0');

    expect((await sendMessage('Over the bound')).status).toBe(200);
    expect(await redis().zcard(contactKeys.messages())).toBe(MAX_KEPT_MESSAGES + surplus + 1 - TRIM_BATCH);
    expect(await redis().exists(...first.map((id) => contactKeys.message(id)))).toBe(0);
    expect(await redis().zrange(contactKeys.messages(), 0, rest.length - 1)).toEqual(rest);

    expect((await sendMessage('Over the bound again')).status).toBe(200);
    expect(await redis().zcard(contactKeys.messages())).toBe(MAX_KEPT_MESSAGES);
    expect(await redis().zrange(contactKeys.messages(), 0, 0)).toEqual(staying);
    expect((await listContactMessages(2)).map((m) => m.emailSubject)).toEqual([
      'Over the bound again',
      'Over the bound',
    ]);
  });
});

/** Places an order for `username` through the service (one jar), and answers it as the admin CLI lists it. */
async function placeOrder(username: string) {
  const user = { ...(await sessionUserFor(username)), email: 'buyer@example.com' };
  await confirmAddresses(user.email);
  await addToCart(user, { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1 });
  await submitOrder(user, { orderList: await cartItems(user, undefined), email: user.email }, 'test');
  return (await listOrders(1, username))[0]!;
}

/** The ids a user's order history shows, as the shop's page reads it, and its next cursor. */
async function history(username: string) {
  const { body } = await call(orders, { method: 'GET', token: await tokenFor(username, 1), path: '/api/dhh/orders' });
  return { ids: (body.orders as { id: string }[]).map((order) => order.id), nextCursor: body.nextCursor };
}

describe.skipIf(!features.shop)(`orders: kept ${ORDER_RETENTION_DAYS} days`, () => {
  it('removes older orders from every index at the next order; the history and the admin listing show only younger ones', async () => {
    const [ada, bob, carol] = [uniqueName('ada'), uniqueName('bob'), uniqueName('carol')];
    for (const name of [ada, bob, carol]) await sessionUserFor(name); // accounts made now
    const bobOld = await daysAgo(ORDER_RETENTION_DAYS + 20, () => placeOrder(bob));
    const adaOld = await daysAgo(ORDER_RETENTION_DAYS + 10, () => placeOrder(ada));
    const adaYounger = await daysAgo(ORDER_RETENTION_DAYS - 10, () => placeOrder(ada));
    const listed = async () => (await listOrders(100)).map((order) => order.id);
    expect(await listed()).toEqual([adaYounger.id, adaOld.id, bobOld.id]);
    // Waiting for the next order, the old ones already never show in a history.
    expect(await history(ada)).toEqual({ ids: [adaYounger.id], nextCursor: null });
    expect(await history(bob)).toEqual({ ids: [], nextCursor: null });

    // Carol's order, in its usual three round trips (the order, the check of her confirmed address,
    // the delivery record), removes them and their records.
    const token = await tokenFor(carol, 1, 'carol@example.com');
    await confirmAddresses('carol@example.com');
    const user = await sessionUserFor(carol);
    await addToCart(user, { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1 });
    const orderList = await cartItems(user, undefined);
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const roundTrips = await countStoreRoundTrips(async () => {
      answer = await call(submitOrderFn, { token, body: { orderList, email: 'carol@example.com' } });
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(roundTrips).toBe(3);
    const [carols] = await listOrders(1, carol);
    // What `npm run admin -- orders` lists, everyone's and each user's.
    expect(await listed()).toEqual([carols!.id, adaYounger.id]);
    expect((await listOrders(10, ada)).map((order) => order.id)).toEqual([adaYounger.id]);
    expect(await listOrders(10, bob)).toEqual([]);
    expect(await redis().exists(shopKeys.order(adaOld.id), shopKeys.order(bobOld.id))).toBe(0);
    // Bob's own index keeps the id until his next order; his history shows no broken entry meanwhile.
    expect(await history(bob)).toEqual({ ids: [], nextCursor: null });

    // Ada's next order clears her own index too.
    await placeOrder(ada);
    expect(await redis().zscore(keys.userOrders(usernameKey(ada)), adaOld.id)).toBeNull();
    expect((await history(ada)).ids).toHaveLength(2);
  });

  it('gives every order its expiry: it is gone a year after it was placed, order or none', async () => {
    const order = await placeOrder(uniqueName('expiring'));
    const ttl = await redis().ttl(shopKeys.order(order.id));
    expect(ttl).toBeGreaterThan(ORDER_RETENTION_DAYS * 86_400 - 60);
    expect(ttl).toBeLessThanOrEqual(ORDER_RETENTION_DAYS * 86_400);
    expect(order.delivery).toBe('delivered'); // recording the mail kept it
  });
});

describe.skipIf(!features.forum)(`forum messages: kept ${POST_RETENTION_DAYS} days`, () => {
  it('removes older messages at the next post, in its round trips; younger ones stay, and a page never shows older', async () => {
    const ada = uniqueName('poster');
    const user = await sessionUserFor(ada, 2);
    const post = (text: string) => postMessage(user, { text });
    const old = await daysAgo(POST_RETENTION_DAYS + 10, () => post('A year and more ago'));
    const younger = await daysAgo(POST_RETENTION_DAYS - 10, () => post('Not quite a year ago'));
    expect(await redis().hexists(forumKeys.posts(), old._id)).toBe(1);
    const page = async () => {
      const { messages, older } = await listMessages(OPERATOR, { limit: 50 });
      return { texts: messages.map((message) => message.text), older };
    };
    expect(await page()).toEqual({ texts: ['Not quite a year ago'], older: null });
    // A page of one: the younger message, and nothing older to page to.
    const { body } = await call(getMessages, {
      method: 'GET',
      token: await tokenFor(ada, 2),
      path: '/api/messages/get-messages?limit=1',
    });
    expect(body).toMatchObject({ messages: [{ _id: younger._id }], older: null });

    const token = await tokenFor(ada, 2);
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const roundTrips = await countStoreRoundTrips(async () => {
      answer = await call(createMessage, { token, body: { text: 'Today' } });
    });
    expect(answer?.status).toBe(200);
    expect(roundTrips).toBe(2); // as ever: the rate limit with the session, then the post and its trim
    expect(await page()).toEqual({ texts: ['Not quite a year ago', 'Today'], older: null });
    expect(await redis().hexists(forumKeys.posts(), old._id)).toBe(0);
    expect(await redis().hexists(forumKeys.authors(), old._id)).toBe(0);
    expect(await redis().zscore(forumKeys.messages(), old._id)).toBeNull();
    expect(await redis().hexists(forumKeys.posts(), younger._id)).toBe(1);
  });
});
