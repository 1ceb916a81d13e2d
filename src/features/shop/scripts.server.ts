// Carts and orders (src/features/shop): a cart holds at most a set number of items, and an order
// is placed only from a cart that holds exactly the items the shopper saw.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { COUNT_ATTEMPT } from '../../server/scripts/rate-limit.ts';
import { TRIM_INDEX } from '../../server/scripts/retention.ts';
import { defineScript } from '../../server/scripts/script.ts';

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

/**
 * How the placed order's confirmation mail goes: 'send', or held back by the account's daily cap,
 * the account's daily cap of distinct addresses, or all orders' daily mail budget.
 */
export type OrderMail = 'send' | 'account-cap' | 'address-cap' | 'site-cap';

export type PlaceOrderReply =
  ['placed', items: string, mail: OrderMail] | ['limited', waitSeconds: number] | ['empty'] | ['changed'];

/**
 * Counts the order attempt against its rate limit, then turns the cart into the order if it still
 * holds exactly the given items, and empties it: one atomic step. KEYS: the rate counter, the cart,
 * the order, the account's orders, all orders, then the mail counters: the account's day's
 * confirmations, all orders' day's confirmations, and the set of the addresses the account's
 * confirmations went to today. ARGV: max, window seconds, score, order id, then the mail's: the
 * account's cap, all orders' cap, the most addresses an account mails a day, the seconds left in
 * the day, the address's hash, and the notes for the account's cap, the address cap and all
 * orders' cap; then the retention's: the order key prefix (keys.order of ''), the cutoff (ms), the
 * seconds an order is kept and the trim batch; then the item count n, the n item ids, and the
 * order's other field/value pairs. Answers the order's items (the cart's stored JSON values as one
 * JSON array), or why not. A placed order expires with its retention, and both indexes it is in
 * shed (trim_index) a batch of orders older than the retention: all orders' index deletes their
 * records, and the user's own drops what it still lists of them (another user's index keeps its
 * ids until that user's next order, and readOrderPage lists none of them meanwhile).
 * A placed order's confirmation mail is sent within the account's cap, to an address the
 * account mailed today or while it has mailed fewer addresses than the most, and within all
 * orders' budget: then it counts in both counters (the address in the set) and answers 'send';
 * else the order records it as not sent, with the note of the cap that held it back.
 */
export const placeOrder = defineScript<
  [
    counter: string,
    cart: string,
    order: string,
    userOrders: string,
    orders: string,
    accountMail: string,
    orderMail: string,
    mailAddresses: string,
  ],
  [
    max: number,
    windowSeconds: number,
    score: number,
    orderId: string,
    accountCap: number,
    orderCap: number,
    addressesPerDay: number,
    dayTtl: number,
    addressHash: string,
    accountNote: string,
    addressNote: string,
    orderNote: string,
    orderKeyPrefix: string,
    cutoff: number,
    retentionSeconds: number,
    trimBatch: number,
    itemCount: number,
    ...rest: string[],
  ],
  PlaceOrderReply
>(`${COUNT_ATTEMPT}${DAILY_COUNT}${TRIM_INDEX}
local wait = count_attempt()
if wait > 0 then return {'limited', wait} end
local size = redis.call('HLEN', KEYS[2])
if size == 0 then return {'empty'} end
local n = tonumber(ARGV[17])
if size ~= n then return {'changed'} end
for i = 18, 17 + n do
  if redis.call('HEXISTS', KEYS[2], ARGV[i]) == 0 then return {'changed'} end
end
local items = '[' .. table.concat(redis.call('HVALS', KEYS[2]), ',') .. ']'
redis.call('HSET', KEYS[3], 'items', items, unpack(ARGV, 18 + n))
redis.call('EXPIRE', KEYS[3], ARGV[15])
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[4])
redis.call('DEL', KEYS[2])
trim_index(KEYS[5], ARGV[13], ARGV[14], ARGV[16], 0)
trim_index(KEYS[4], ARGV[13], ARGV[14], ARGV[16], 0)
local mailed_before = redis.call('SISMEMBER', KEYS[8], ARGV[9]) == 1
local mail, note = 'send', nil
if not has_room(KEYS[6], ARGV[5]) then
  mail, note = 'account-cap', ARGV[10]
elseif not mailed_before and redis.call('SCARD', KEYS[8]) >= tonumber(ARGV[7]) then
  mail, note = 'address-cap', ARGV[11]
elseif not has_room(KEYS[7], ARGV[6]) then
  mail, note = 'site-cap', ARGV[12]
else
  count_day(KEYS[6], ARGV[8])
  count_day(KEYS[7], ARGV[8])
  redis.call('SADD', KEYS[8], ARGV[9])
  redis.call('EXPIRE', KEYS[8], ARGV[8])
end
if note then redis.call('HSET', KEYS[3], 'delivery', 'not-sent', 'deliveryNote', note) end
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
 * order, by id descending), none created before the retention's cutoff (trimmed by the next
 * order, or still waiting for it). KEYS: the account's order index. ARGV: the order key prefix
 * (keys.order of ''; an order's key is only known once its id is read, here), page size, cursor
 * score, cursor id ('' for the first page), the cutoff (ms). Answers whether more follow, and the
 * page's orders.
 */
export const readOrderPage = defineScript<
  [userOrders: string],
  [orderKeyPrefix: string, pageSize: number, beforeScore: string, beforeId: string, cutoff: number],
  [more: 0 | 1, orders: OrderRow[]]
>(`
local n = tonumber(ARGV[2])
local ids = {}
if ARGV[4] == '' then
  ids = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', ARGV[5], 'LIMIT', 0, n + 1)
elseif tonumber(ARGV[3]) >= tonumber(ARGV[5]) then
  local same = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[3], ARGV[3])
  for i = #same, 1, -1 do
    if same[i] < ARGV[4] then ids[#ids + 1] = same[i] end
  end
  local older = redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. ARGV[3], ARGV[5], 'LIMIT', 0, n + 1)
  for i = 1, #older do ids[#ids + 1] = older[i] end
end
local page = {}
for i = 1, math.min(n, #ids) do
  local f = redis.call('HMGET', ARGV[1] .. ids[i], 'username', 'createdAt', 'items', 'delivery', 'account')
  page[i] = {ids[i], f[1] or '', f[2] or '', f[3] or '[]', f[4] or '', f[5] or ''}
end
return {#ids > n and 1 or 0, page}`);
