// Carts and orders (src/features/shop): a cart holds at most a set number of items, and an order
// is placed only from a cart that holds exactly the items the shopper saw.
import { DAILY_COUNT } from './daily-cap.ts';
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

/** How the placed order's confirmation mail goes: 'send', or held back by the account's or the site's daily cap. */
export type OrderMail = 'send' | 'account-cap' | 'site-cap';

export type PlaceOrderReply =
  ['placed', items: string, mail: OrderMail] | ['limited', waitSeconds: number] | ['empty'] | ['changed'];

/**
 * Counts the order attempt against its rate limit, then turns the cart into the order if it still
 * holds exactly the given items, and empties it: one atomic step. KEYS: the rate counter, the cart,
 * the order, the user's orders, all orders. ARGV: max, window seconds, score, order id, item count
 * n, the n item ids, then the order's other field/value pairs. Answers the order's items (the cart's
 * stored JSON values as one JSON array), or why not.
 * A placed order's confirmation mail is counted against the account's and the site's daily mail
 * caps (the last two KEYS; the last four ARGV: the two caps, the seconds left in the day and the note): within
 * both it counts in both and answers 'send', else the order records it as not sent, with the note.
 */
export const placeOrder = defineScript<
  [
    counter: string,
    cart: string,
    order: string,
    userOrders: string,
    orders: string,
    accountMail: string,
    siteMail: string,
  ],
  [max: number, windowSeconds: number, score: number, orderId: string, itemCount: number, ...rest: (string | number)[]],
  PlaceOrderReply
>(`${COUNT_ATTEMPT}${DAILY_COUNT}
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
redis.call('HSET', KEYS[3], 'items', items, unpack(ARGV, 6 + n, #ARGV - 4))
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[4])
redis.call('DEL', KEYS[2])
local mail = 'send'
if not has_room(KEYS[6], ARGV[#ARGV - 3]) then
  mail = 'account-cap'
elseif not has_room(KEYS[7], ARGV[#ARGV - 2]) then
  mail = 'site-cap'
else
  count_day(KEYS[6], ARGV[#ARGV - 1])
  count_day(KEYS[7], ARGV[#ARGV - 1])
end
if mail ~= 'send' then
  local which = mail == 'account-cap' and ' (per account)' or ' (site-wide)'
  redis.call('HSET', KEYS[3], 'delivery', 'not-sent', 'deliveryNote', ARGV[#ARGV] .. which)
end
return {'placed', items, mail}`);
