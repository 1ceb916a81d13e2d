// Carts and orders (src/features/shop): a cart holds at most a set number of items, and an order
// is placed only from a cart that holds exactly the items the shopper saw.
import { COUNT_ATTEMPT } from './rate-limit.ts';
import { defineScript } from './script.ts';

/** Adds an item unless the cart is full. KEYS: the cart. ARGV: item id, JSON item, most items allowed. Answers 1 or 0. */
export const addCartItemIfRoom = defineScript<
  [cart: string],
  [itemId: string, json: string, maxItems: number],
  number
>(`
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`);

export type PlaceOrderReply = ['placed', items: string] | ['limited', waitSeconds: number] | ['empty'] | ['changed'];

/**
 * Counts the order attempt against its rate limit, then turns the cart into the order if it still
 * holds exactly the given items, and empties it: one atomic step. KEYS: the rate counter, the cart,
 * the order, the user's orders, all orders. ARGV: max, window seconds, score, order id, item count
 * n, the n item ids, then the order's other field/value pairs. Answers the order's items (the cart's
 * stored JSON values as one JSON array), or why not.
 */
export const placeOrder = defineScript<
  [counter: string, cart: string, order: string, userOrders: string, orders: string],
  [max: number, windowSeconds: number, score: number, orderId: string, itemCount: number, ...rest: string[]],
  PlaceOrderReply
>(`${COUNT_ATTEMPT}
local wait = count_attempt()
if wait > 0 then return {'limited', wait} end
local size = redis.call('HLEN', KEYS[2])
if size == 0 then return {'empty'} end
local n = tonumber(ARGV[5])
if size ~= n then return {'changed'} end
for i = 6, 5 + n do
  if redis.call('HEXISTS', KEYS[2], ARGV[i]) == 0 then return {'changed'} end
end
local items = '[' .. table.concat(redis.call('HVALS', KEYS[2]), ',') .. ']'
redis.call('HSET', KEYS[3], 'items', items, unpack(ARGV, 6 + n))
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[4])
redis.call('DEL', KEYS[2])
return {'placed', items}`);
