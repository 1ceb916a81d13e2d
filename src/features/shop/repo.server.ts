// Carts and orders in Redis. A cart is a hash of JSON items per user; an order is a hash, indexed
// per user and overall. Placing an order moves the cart into it atomically (the scripts are in
// src/server/scripts/shop.ts). Every call is the request's one store call and checks the
// shopper's session in it (src/server/session.ts).
import { keys, usernameKey } from '../../server/keys.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { type Delivery, MAIL_CAP_NOTE, MAIL_COUNTERS, mailCaps } from '../../server/mail.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { hashReply, newestHashes, redis } from '../../server/redis.ts';
import * as scripts from '../../server/scripts/shop.ts';
import { type SessionCheck, checkedRead, writeChecked } from '../../server/session.ts';
import { MAX_CART_ITEMS } from './catalogue.ts';
import type { CartItem } from './schema.ts';

/** A cart item as stored: the spec's fields plus when it was added, for a stable order. */
type StoredCartItem = CartItem & { addedAt: number };

export interface Order {
  id: string;
  username: string;
  email: string;
  items: CartItem[];
  createdAt: string;
  delivery: Delivery;
  /** Resend's id for the confirmation mail, or why it was not delivered. */
  deliveryNote: string;
}

const cartKey = (username: string) => keys.cart(usernameKey(username));

/** Adds an item to its owner's cart; answers false when the cart already holds the most allowed. */
export async function addItem(item: CartItem, session: SessionCheck): Promise<boolean> {
  const stored: StoredCartItem = { ...item, addedAt: Date.now() };
  const added = await scripts.addCartItemIfRoom.runChecked(
    session,
    [cartKey(item.owner)],
    [item._id, JSON.stringify(stored), MAX_CART_ITEMS],
  );
  return added === 1;
}

/** Stored cart items as the app sees them: oldest first, without the bookkeeping field. */
function fromStored(stored: StoredCartItem[]): CartItem[] {
  return [...stored].sort((a, b) => a.addedAt - b.addedAt).map(({ addedAt: _addedAt, ...item }) => item);
}

/** Turns a cart's HGETALL reply into its items. */
export function toCartItems(reply: unknown): CartItem[] {
  return fromStored(Object.values(hashReply(reply) ?? {}).map((json) => JSON.parse(json) as StoredCartItem));
}

/** Reads a user's cart. */
export async function readCart(username: string, session: SessionCheck): Promise<CartItem[]> {
  const [reply] = await checkedRead(session, (pipe) => pipe.hgetall(cartKey(username)));
  return toCartItems(reply);
}

/** Removes one item; answers false when the user's cart has no such item. */
export async function deleteItem(username: string, itemId: string, session: SessionCheck): Promise<boolean> {
  const [removed] = await writeChecked(session, [['HDEL', cartKey(username), itemId]]);
  return removed === 1;
}

/** Empties a user's cart. */
export async function clearCart(username: string, session: SessionCheck): Promise<void> {
  await writeChecked(session, [['DEL', cartKey(username)]]);
}

export type PlaceOutcome =
  { placed: CartItem[]; mail: scripts.OrderMail } | { refused: 'empty' | 'changed' } | { limitedFor: number };

/**
 * Counts the attempt, then stores the order with the cart's items and empties the cart, in one
 * atomic step; refused when the cart is empty or does not hold exactly `itemIds`. The same step
 * counts the confirmation mail against the daily mail caps, or records it as not sent.
 */
export async function placeOrder(
  order: Omit<Order, 'items'>,
  itemIds: string[],
  attempt: Attempt,
  session: SessionCheck,
): Promise<PlaceOutcome> {
  const [counter, max, windowSeconds] = attemptCounter(attempt);
  const [accountMail, dayTtl] = dailyCounter(MAIL_COUNTERS.perAccount, usernameKey(order.username));
  const [siteMail] = dailyCounter(MAIL_COUNTERS.site);
  const caps = mailCaps();
  const reply = await scripts.placeOrder.runChecked(
    session,
    [
      counter,
      cartKey(order.username),
      keys.order(order.id),
      keys.userOrders(usernameKey(order.username)),
      keys.orders(),
      accountMail,
      siteMail,
    ],
    [
      max,
      windowSeconds,
      Date.parse(order.createdAt),
      order.id,
      itemIds.length,
      ...itemIds,
      ...Object.entries(order).flat(),
      caps.perAccount,
      caps.site,
      dayTtl,
      MAIL_CAP_NOTE,
    ],
  );
  switch (reply[0]) {
    case 'limited':
      return { limitedFor: reply[1] };
    case 'placed':
      return { placed: fromStored(JSON.parse(reply[1]) as StoredCartItem[]), mail: reply[2] };
    default:
      return { refused: reply[0] };
  }
}

/** Records how an order's confirmation mail went. */
export async function recordOrderDelivery(id: string, delivery: Delivery, deliveryNote: string): Promise<void> {
  await redis().hset(keys.order(id), { delivery, deliveryNote });
}

/** Lists orders newest first: everyone's, or one user's (two round trips: ids, then the orders). */
export async function listOrders(limit: number, username?: string): Promise<Order[]> {
  const index = username ? keys.userOrders(usernameKey(username)) : keys.orders();
  return (await newestHashes(index, keys.order, limit)).map(
    (record) => ({ ...record, items: fromStored(JSON.parse(record.items ?? '[]') as StoredCartItem[]) }) as Order,
  );
}
