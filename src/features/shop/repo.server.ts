// Carts and orders in Redis. A cart is a hash of JSON items per user; an order is a hash, indexed
// per user and overall. Placing an order moves the cart into it atomically.
import type { Pipeline } from '@upstash/redis';
import { keys, usernameKey } from '../../server/keys.ts';
import type { Delivery } from '../../server/mail.ts';
import { hashReply, newestHashes, redis } from '../../server/redis.ts';
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

// Adds an item unless the cart is full. KEYS: cart. ARGV: item id, JSON, max. Answers 1 or 0.
const ADD_IF_ROOM = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

// Turns the cart into the order if it still holds exactly the given items. KEYS: cart, order,
// the user's orders, all orders. ARGV: score, order id, item count n, n item ids, then the
// order's field/value pairs. Answers 1 when placed, 0 when the cart changed.
const PLACE_ORDER = `
local n = tonumber(ARGV[3])
if redis.call('HLEN', KEYS[1]) ~= n then return 0 end
for i = 1, n do
  if redis.call('HEXISTS', KEYS[1], ARGV[3 + i]) == 0 then return 0 end
end
for i = 4 + n, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
redis.call('ZADD', KEYS[3], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[4], ARGV[1], ARGV[2])
redis.call('DEL', KEYS[1])
return 1`;

const cartKey = (username: string) => keys.cart(usernameKey(username));

/** Adds an item to its owner's cart; answers false when the cart already holds the most allowed. */
export async function addItem(item: CartItem): Promise<boolean> {
  const stored: StoredCartItem = { ...item, addedAt: Date.now() };
  const added = await redis().eval(
    ADD_IF_ROOM,
    [cartKey(item.owner)],
    [item._id, JSON.stringify(stored), String(MAX_CART_ITEMS)],
  );
  return Number(added) === 1;
}

/** Queues the read of a user's cart on `pipe` (to share a round trip); toCartItems reads the reply. */
export function readCartInto(pipe: Pipeline<[]>, username: string): void {
  pipe.hgetall(cartKey(username));
}

/** Turns a cart's HGETALL reply into its items, oldest first, without the bookkeeping field. */
export function toCartItems(reply: unknown): CartItem[] {
  const stored = Object.values(hashReply(reply) ?? {}).map((json) => JSON.parse(json) as StoredCartItem);
  return stored.sort((a, b) => a.addedAt - b.addedAt).map(({ addedAt: _addedAt, ...item }) => item);
}

/** Reads a user's cart. */
export async function readCart(username: string): Promise<CartItem[]> {
  return toCartItems(await redis().hgetall(cartKey(username)));
}

/** Removes one item; answers false when the user's cart has no such item. */
export async function deleteItem(username: string, itemId: string): Promise<boolean> {
  return (await redis().hdel(cartKey(username), itemId)) === 1;
}

/** Empties a user's cart. */
export async function clearCart(username: string): Promise<void> {
  await redis().del(cartKey(username));
}

/** Stores the order and empties the cart in one atomic step; false when the cart changed meanwhile. */
export async function placeOrder(order: Order): Promise<boolean> {
  const score = String(Date.parse(order.createdAt));
  const fields = Object.entries({ ...order, items: JSON.stringify(order.items) }).flat();
  const ids = order.items.map((item) => item._id);
  const placed = await redis().eval(
    PLACE_ORDER,
    [cartKey(order.username), keys.order(order.id), keys.userOrders(usernameKey(order.username)), keys.orders()],
    [score, order.id, String(ids.length), ...ids, ...fields],
  );
  return Number(placed) === 1;
}

/** Records how an order's confirmation mail went. */
export async function recordOrderDelivery(id: string, delivery: Delivery, deliveryNote: string): Promise<void> {
  await redis().hset(keys.order(id), { delivery, deliveryNote });
}

/** Lists orders newest first: everyone's, or one user's (two round trips: ids, then the orders). */
export async function listOrders(limit: number, username?: string): Promise<Order[]> {
  const index = username ? keys.userOrders(usernameKey(username)) : keys.orders();
  return (await newestHashes(index, keys.order, limit)).map(
    (record) => ({ ...record, items: JSON.parse(record.items ?? '[]') }) as Order,
  );
}
