// Carts and orders in Redis. A cart is a hash of JSON items per user; an order is a hash, indexed
// per user and overall. Placing an order moves the cart into it atomically.
import { keys, usernameKey } from '../../server/keys.ts';
import type { Delivery } from '../../server/mail.ts';
import { type Attempt, allowedAttempts } from '../../server/rate-limit.ts';
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

// Counts the order attempt against its rate limit, then turns the cart into the order if it still
// holds exactly the given items: one atomic step, one round trip. KEYS: the rate counter, cart,
// order, the user's orders, all orders. ARGV: limit max, window seconds, score, order id, item
// count n, the n item ids, then the order's other field/value pairs. Answers the order's items
// (the cart's stored JSON values as one JSON array), or 'limited:<seconds>', 'empty' or 'changed'.
const PLACE_ORDER = `
redis.call('SET', KEYS[1], 0, 'NX', 'EX', ARGV[2])
if redis.call('INCR', KEYS[1]) > tonumber(ARGV[1]) then
  return 'limited:' .. math.max(redis.call('TTL', KEYS[1]), 1)
end
local size = redis.call('HLEN', KEYS[2])
if size == 0 then return 'empty' end
local n = tonumber(ARGV[5])
if size ~= n then return 'changed' end
for i = 1, n do
  if redis.call('HEXISTS', KEYS[2], ARGV[5 + i]) == 0 then return 'changed' end
end
local items = '[' .. table.concat(redis.call('HVALS', KEYS[2]), ',') .. ']'
for i = 6 + n, #ARGV, 2 do redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
redis.call('HSET', KEYS[3], 'items', items)
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[4])
redis.call('DEL', KEYS[2])
return items`;

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

/** Stored cart items as the app sees them: oldest first, without the bookkeeping field. */
function fromStored(stored: StoredCartItem[]): CartItem[] {
  return [...stored].sort((a, b) => a.addedAt - b.addedAt).map(({ addedAt: _addedAt, ...item }) => item);
}

/** Turns a cart's HGETALL reply into its items. */
export function toCartItems(reply: unknown): CartItem[] {
  return fromStored(Object.values(hashReply(reply) ?? {}).map((json) => JSON.parse(json) as StoredCartItem));
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

export type PlaceOutcome = { placed: CartItem[] } | { refused: 'empty' | 'changed' } | { limitedFor: number };

/**
 * Counts the attempt, then stores the order with the cart's items and empties the cart, in one
 * atomic step; refused when the cart is empty or does not hold exactly `itemIds`.
 */
export async function placeOrder(
  order: Omit<Order, 'items'>,
  itemIds: string[],
  [limit, subject]: Attempt,
): Promise<PlaceOutcome> {
  const score = String(Date.parse(order.createdAt));
  const answer = String(
    await redis().eval(
      PLACE_ORDER,
      [
        keys.rateLimit(limit.bucket, subject),
        cartKey(order.username),
        keys.order(order.id),
        keys.userOrders(usernameKey(order.username)),
        keys.orders(),
      ],
      [
        String(allowedAttempts(limit)),
        String(limit.windowSeconds),
        score,
        order.id,
        String(itemIds.length),
        ...itemIds,
        ...Object.entries(order).flat(),
      ],
    ),
  );
  if (answer.startsWith('limited:')) return { limitedFor: Number(answer.slice('limited:'.length)) };
  if (answer === 'empty' || answer === 'changed') return { refused: answer };
  return { placed: fromStored(JSON.parse(answer) as StoredCartItem[]) };
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
