// The owner's inbox against the local store: contact messages a page at a time with their unread
// count, marked read and unread again; everyone's orders with the state the owner moves and how
// many came since the owner last looked; the RSVP page's answers, the latest first, counted the
// same way; each for clearance 3 only, in one round trip. The file has a store of its own.
import { describe, expect, it } from 'vitest';
import contactMessages from '../../netlify/functions/contact-messages.mts';
import markRead from '../../netlify/functions/contact-message-read.mts';
import contact from '../../netlify/functions/contact-send.mts';
import allOrders from '../../netlify/functions/shop-all-orders.mts';
import orderState from '../../netlify/functions/shop-order-state.mts';
import ordersSeen from '../../netlify/functions/shop-orders-seen.mts';
import createCartItem from '../../netlify/functions/shop-create-cart-item.mts';
import getCartItems from '../../netlify/functions/shop-get-cart-items.mts';
import submitOrder from '../../netlify/functions/shop-submit-order.mts';
import rsvps from '../../netlify/functions/wedding-rsvps.mts';
import rsvpsSeen from '../../netlify/functions/wedding-rsvps-seen.mts';
import rsvpAnswer from '../../netlify/functions/wedding-rsvp-answer.mts';
import { MESSAGES_PAGE_SIZE, type InboxMessage } from '../../src/features/contact/schema.ts';
import { OWNER_ORDERS_PAGE_SIZE, type OwnerOrder } from '../../src/features/shop/schema.ts';
import { WEDDING } from '../../src/content/wedding.ts';
import { WEDDING_GUESTS } from '../../src/content/wedding-guests.ts';
import { linkToken } from '../../src/features/wedding/links.server.ts';
import { guestKey, titleCase } from '../../src/features/wedding/logic.ts';
import type { InboxRsvp } from '../../src/features/wedding/schema.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

useOwnStore(() => (features.wedding ? createGuests(OPERATOR) : Promise.resolve()));

const owner = () => tokenFor(uniqueName('owner'), 3);
const member = () => tokenFor(uniqueName('member'), 2);

/** Reads every page of a paged list, following its cursors. */
async function everyPage<T>(read: (before?: string) => Promise<{ items: T[]; nextCursor: string | null }>) {
  const pages: T[][] = [];
  let before: string | undefined;
  do {
    const page = await read(before);
    pages.push(page.items);
    before = page.nextCursor ?? undefined;
  } while (before);
  return pages;
}

const withBefore = (path: string, before?: string) => (before ? `${path}?before=${encodeURIComponent(before)}` : path);

describe('the inbox: contact messages', () => {
  const readPage = async (token: string, before?: string) => {
    const result = await call(contactMessages, {
      method: 'GET',
      token,
      path: withBefore('/api/contact/messages', before),
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body as { messages: InboxMessage[]; nextCursor: string | null; unread: number };
  };

  it('lists the messages newest first, a page at a time, unread until the owner marks them read', async () => {
    const token = await owner();
    const sent = Array.from({ length: MESSAGES_PAGE_SIZE + 2 }, (_, i) => `Message ${i}`);
    for (const subject of sent) {
      const result = await call(contact, {
        body: { senderEmail: 'ada@example.com', emailSubject: subject, emailText: 'Hello' },
        address: newAddress(),
      });
      expect(result.status).toBe(200);
    }
    let first: Awaited<ReturnType<typeof readPage>> | undefined;
    expect(await countStoreRoundTrips(async () => (first = await readPage(token)))).toBe(1);
    expect(first?.unread).toBe(sent.length);
    const pages = await everyPage(async (before) => {
      const page = await readPage(token, before);
      return { items: page.messages, nextCursor: page.nextCursor };
    });
    expect(pages.map((page) => page.length)).toEqual([MESSAGES_PAGE_SIZE, 2]);
    expect(pages.flat().map((message) => message.emailSubject)).toEqual(sent.toReversed());
    expect(pages.flat().every((message) => !message.read && message.senderEmail === 'ada@example.com')).toBe(true);

    const [newest] = pages[0]!;
    const mark = (read: boolean, id = newest!.id) => call(markRead, { token, body: { id, read } });
    expect(await mark(true)).toMatchObject({ status: 200, body: { unread: sent.length - 1 } });
    expect(await mark(true)).toMatchObject({ status: 200, body: { unread: sent.length - 1 } });
    expect((await readPage(token)).messages[0]).toMatchObject({ id: newest!.id, read: true });
    expect(await mark(false)).toMatchObject({ status: 200, body: { unread: sent.length } });
    expect(await mark(true, crypto.randomUUID())).toMatchObject({
      status: 404,
      body: { error: 'There is no such message.' },
    });
  });

  it('is the owner’s alone', async () => {
    const token = await member();
    expect((await call(contactMessages, { method: 'GET', token })).status).toBe(403);
    expect((await call(markRead, { token, body: { id: crypto.randomUUID(), read: true } })).status).toBe(403);
  });
});

describe.skipIf(!features.shop)('the inbox: orders', () => {
  async function placeOrders(count: number): Promise<string> {
    const username = uniqueName('shopper');
    const token = await tokenFor(username, 1, `${username}@example.com`);
    for (let i = 0; i < count; i++) {
      await call(createCartItem, { token, body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: i + 1 } });
      const orderList = (await call(getCartItems, { token, body: {} })).body.cartItems;
      expect((await call(submitOrder, { token, body: { orderList, email: 'a@example.com' } })).status).toBe(200);
    }
    return username;
  }
  const readPage = async (token: string, before?: string) => {
    const result = await call(allOrders, { method: 'GET', token, path: withBefore('/api/dhh/all-orders', before) });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body as { orders: OwnerOrder[]; nextCursor: string | null; unseen: number; seenUntil: number };
  };

  it('lists everyone’s orders newest first, new since the owner last looked, in states the owner moves', async () => {
    const token = await owner();
    const first = await placeOrders(OWNER_ORDERS_PAGE_SIZE);
    const second = await placeOrders(1);
    let page: Awaited<ReturnType<typeof readPage>> | undefined;
    expect(await countStoreRoundTrips(async () => (page = await readPage(token)))).toBe(1);
    expect(page).toMatchObject({ unseen: OWNER_ORDERS_PAGE_SIZE + 1, seenUntil: 0 });
    const pages = await everyPage(async (before) => {
      const read = await readPage(token, before);
      return { items: read.orders, nextCursor: read.nextCursor };
    });
    expect(pages.map((shown) => shown.length)).toEqual([OWNER_ORDERS_PAGE_SIZE, 1]);
    const shown = pages.flat();
    expect(shown.map((order) => order.username)).toEqual([second, ...Array(OWNER_ORDERS_PAGE_SIZE).fill(first)]);
    expect(shown[0]).toMatchObject({ state: 'new', email: `${second}@example.com`, lines: [{ quantity: 1 }] });

    // Seen up to the second newest: one stays new; an earlier time changes nothing.
    const upTo = Date.parse(shown[1]!.createdAt);
    expect((await call(ordersSeen, { token, body: { upTo } })).status).toBe(200);
    expect((await call(ordersSeen, { token, body: { upTo: upTo - 1000 } })).status).toBe(200);
    expect(await readPage(token)).toMatchObject({ unseen: 1, seenUntil: upTo });

    const move = (state: string, id = shown[0]!.id) => call(orderState, { token, body: { id, state } });
    expect((await move('ready')).status).toBe(200);
    expect((await readPage(token)).orders[0]).toMatchObject({ id: shown[0]!.id, state: 'ready' });
    expect((await move('collected')).status).toBe(200);
    expect((await readPage(token)).orders[0]?.state).toBe('collected');
    expect(await move('lost')).toMatchObject({ status: 400 });
    expect(await move('ready', crypto.randomUUID())).toMatchObject({
      status: 404,
      body: { error: 'There is no such order.' },
    });
  });

  it('is the owner’s alone', async () => {
    const token = await member();
    expect((await call(allOrders, { method: 'GET', token })).status).toBe(403);
    expect((await call(orderState, { token, body: { id: crypto.randomUUID(), state: 'ready' } })).status).toBe(403);
    expect((await call(ordersSeen, { token, body: { upTo: Date.now() } })).status).toBe(403);
  });
});

describe.skipIf(!features.wedding)('the inbox: RSVP answers', () => {
  const read = async (token: string) => {
    const result = await call(rsvps, { method: 'GET', token });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body as { answers: InboxRsvp[]; unseen: number; seenUntil: number };
  };
  const answerFor = (name: string, numberOfGuests: number) => {
    const person = { wedding: 'yes', food: WEDDING.menu[0], rehearsal: 'no', dietary: 'No nuts' };
    const two = numberOfGuests > 1 ? { ...person, name: 'Second Guest', wedding: 'no', food: '' } : undefined;
    return call(rsvpAnswer, {
      body: { token: linkToken(guestKey({ g1FullName: name })), one: person, two },
      address: newAddress(),
    });
  };

  it('lists the answers the latest first, new until the owner has seen them, in one round trip', async () => {
    const token = await owner();
    expect(await read(token)).toMatchObject({ answers: [], unseen: 0 });
    const [earlier, later] = WEDDING_GUESTS;
    expect((await answerFor(earlier!.g1FullName, earlier!.numberOfGuests)).status).toBe(200);
    expect((await answerFor(later!.g1FullName, later!.numberOfGuests)).status).toBe(200);

    let inbox: Awaited<ReturnType<typeof read>> | undefined;
    expect(await countStoreRoundTrips(async () => (inbox = await read(token)))).toBe(1);
    expect(inbox?.unseen).toBe(2);
    expect(inbox?.answers.map((answer) => answer.guestOne)).toEqual([
      titleCase(later!.g1FullName),
      titleCase(earlier!.g1FullName),
    ]);
    expect(inbox?.answers[0]).toMatchObject({ answer: { one: { wedding: 'yes', dietary: 'No nuts' } }, mail: '' });

    const upTo = Date.parse(inbox!.answers[0]!.changedAt);
    expect((await call(rsvpsSeen, { token, body: { upTo } })).status).toBe(200);
    expect(await read(token)).toMatchObject({ unseen: 0, seenUntil: upTo });
  });

  it('is the owner’s alone', async () => {
    const token = await member();
    expect((await call(rsvps, { method: 'GET', token })).status).toBe(403);
    expect((await call(rsvpsSeen, { token, body: { upTo: Date.now() } })).status).toBe(403);
  });
});
