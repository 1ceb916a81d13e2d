// Carts and orders (src/features/shop): a cart holds at most a set number of items, and an order
// is placed only from a cart that holds exactly the items the shopper saw.
import { DAILY_COUNT } from './daily-cap.ts';
import { COUNT_ATTEMPT } from './rate-limit.ts';
import { defineScript } from './script.ts';

/** What adding to the cart did: a new line, more jars on the line of the same type and size, or nothing (full). */
export type AddCartItemReply =
  | ['added', itemId: string, quantity: number, capped: 0]
  | ['merged', itemId: string, quantity: number, capped: 0 | 1]
  | ['full'];

/**
 * Adds jars to the cart: onto the line of the same type and size when there is one (its quantity
 * raised, at most to the line's maximum, `capped` 1 when that cut the sum), else as a new line
 * unless the cart is full. KEYS: the cart. ARGV: new item id, its JSON, most lines allowed, its
 * type, its size, quantity to add, most jars a line may hold.
 */
export const addCartItem = defineScript<
  [cart: string],
  [itemId: string, json: string, maxItems: number, type: string, size: string, quantity: number, maxQuantity: number],
  AddCartItemReply
>(`
local lines = redis.call('HGETALL', KEYS[1])
for i = 1, #lines, 2 do
  local line = cjson.decode(lines[i + 1])
  if line.type == ARGV[4] and line.size == ARGV[5] then
    local wanted = line.quantity + tonumber(ARGV[6])
    line.quantity = math.min(wanted, tonumber(ARGV[7]))
    redis.call('HSET', KEYS[1], lines[i], cjson.encode(line))
    return {'merged', lines[i], line.quantity, wanted > line.quantity and 1 or 0}
  end
end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return {'full'} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return {'added', ARGV[1], tonumber(ARGV[6]), 0}`);

/**
 * Sets the quantity of one line of the cart, which is the token user's: another user's line is
 * in another key, out of reach. KEYS: the cart. ARGV: item id, quantity (checked 1 to 20 before).
 * Answers 1, or 0 when the cart has no such line.
 */
export const setCartItemQuantity = defineScript<[cart: string], [itemId: string, quantity: number], number>(`
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
local line = cjson.decode(json)
line.quantity = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(line))
return 1`);

/** How the placed order's confirmation mail goes: 'send', or held back by the account's or the site's daily cap. */
export type OrderMail = 'send' | 'account-cap' | 'site-cap';

export type PlaceOrderReply =
  ['placed', items: string, mail: OrderMail] | ['limited', waitSeconds: number] | ['empty'] | ['changed'];

/**
 * Counts the order attempt against its rate limit, then turns the cart into the order if it still
 * holds exactly the given items, and empties it: one atomic step. KEYS: the rate counter, the cart,
 * the order, the account's orders, all orders. ARGV: max, window seconds, score, order id, item count
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

/** One order as the user's order history shows it: id, owner, createdAt, items JSON, mail delivery, the owner's account key ('' on an order from before them). */
export type OrderRow = [
  id: string,
  username: string,
  createdAt: string,
  items: string,
  delivery: string,
  account: string,
];

/**
 * Reads one page of an account's orders, newest first: the page size, and the orders after the cursor
 * (the last order shown: its score and id; orders of the same millisecond follow the index's own
 * order, by id descending). KEYS: the account's order index. ARGV: the order key prefix (keys.order of
 * ''; an order's key is only known once its id is read, here), page size, cursor score, cursor id
 * ('' for the first page). Answers whether more follow, and the page's orders.
 */
export const readOrderPage = defineScript<
  [userOrders: string],
  [orderKeyPrefix: string, pageSize: number, beforeScore: string, beforeId: string],
  [more: 0 | 1, orders: OrderRow[]]
>(`
local n = tonumber(ARGV[2])
local ids = {}
if ARGV[4] == '' then
  ids = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '-inf', 'LIMIT', 0, n + 1)
else
  local same = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[3], ARGV[3])
  for i = #same, 1, -1 do
    if same[i] < ARGV[4] then ids[#ids + 1] = same[i] end
  end
  local older = redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. ARGV[3], '-inf', 'LIMIT', 0, n + 1)
  for i = 1, #older do ids[#ids + 1] = older[i] end
end
local page = {}
for i = 1, math.min(n, #ids) do
  local f = redis.call('HMGET', ARGV[1] .. ids[i], 'username', 'createdAt', 'items', 'delivery', 'account')
  page[i] = {ids[i], f[1] or '', f[2] or '', f[3] or '[]', f[4] or '', f[5] or ''}
end
return {#ids > n and 1 or 0, page}`);
