// Carts and orders: a cart holds at most a set number of items, and an order
// is placed only from a cart that holds exactly the items the shopper saw.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { PAGE_IDS, type pageArgs } from '../../server/scripts/page.ts';
import { TRIM_INDEX } from '../../server/scripts/retention.ts';
import { defineScript } from '../../server/scripts/script.ts';

/**
 * What adding to the cart did: the line the jars are on, its quantity now and whether the
 * cap cut the sum; or the cart is full.
 */
export type AddCartItemReply = { itemId: string; quantity: number; capped: boolean } | { full: true };

/**
 * Adds jars to the cart: onto the line of the same type and size when there is one (its quantity
 * raised, at most to `maxQuantity`), else as a new line unless the cart holds `maxItems` lines.
 */
export const addCartItem = defineScript<
  'cart',
  { itemId: string; json: string; maxItems: number; type: string; size: string; quantity: number; maxQuantity: number },
  AddCartItemReply
>(
  `
local lines = redis.call('HGETALL', K.cart)
for i = 1, #lines, 2 do
  local line = cjson.decode(lines[i + 1])
  if line.type == A.type and line.size == A.size then
    local wanted = line.quantity + A.quantity
    line.quantity = math.min(wanted, A.maxQuantity)
    redis.call('HSET', K.cart, lines[i], cjson.encode(line))
    return cjson.encode({itemId = lines[i], quantity = line.quantity, capped = wanted > line.quantity})
  end
end
if redis.call('HLEN', K.cart) >= A.maxItems then return cjson.encode({full = true}) end
redis.call('HSET', K.cart, A.itemId, A.json)
return cjson.encode({itemId = A.itemId, quantity = A.quantity, capped = false})`,
  { json: true },
);

/** Sets the quantity of one line of the cart (the token user's: another user's is in another key). */
export const setCartItemQuantity = defineScript<'cart', { itemId: string; quantity: number }, 'set' | 'missing'>(`
local json = redis.call('HGET', K.cart, A.itemId)
if not json then return 'missing' end
local line = cjson.decode(json)
line.quantity = A.quantity
redis.call('HSET', K.cart, A.itemId, cjson.encode(line))
return 'set'`);

/**
 * How the placed order's confirmation mail goes: 'send', or held back by the account's daily cap,
 * the account's daily cap of distinct addresses, or all orders' daily mail budget.
 */
export type OrderMail = 'send' | 'unconfirmed' | 'account-cap' | 'site-cap';

/** The placed order's items (the cart's stored JSON values as one JSON array) and its mail; or why not. */
export type PlaceOrderReply = { placed: string; mail: OrderMail } | { refused: 'empty' | 'changed' };

/**
 * Turns the cart into the order if it still holds exactly `itemIds`, and empties it: one atomic step, run counted
 * within the shopper's rate limit. The order expires with its retention, and each of its `indexes` (the account's,
 * all orders') sheds (trim_index) a batch of orders older than the retention (the account's index drops ids whose
 * records all orders' index already deleted). The confirmation mail goes only to the account's address once its
 * holder confirmed it (src/server/mail-address.ts), within the account's cap and all orders' budget: then it counts
 * in both counters and answers 'send'; else the order records it as not sent, with the note of what held it back (an
 * unconfirmed address counts in neither budget).
 */
export const placeOrder = defineLimitedScript<
  'cart' | 'order' | 'indexes' | 'accountMail' | 'orderMail' | 'addressStates',
  {
    score: number;
    orderId: string;
    accountCap: number;
    orderCap: number;
    dayTtl: number;
    address: string;
    unconfirmedNote: string;
    accountNote: string;
    orderNote: string;
    orderKeyPrefix: string;
    cutoff: number;
    retentionSeconds: number;
    trimBatch: number;
    itemIds: string[];
    fields: string[];
  },
  PlaceOrderReply
>(
  `${DAILY_COUNT}${TRIM_INDEX}
local size = redis.call('HLEN', K.cart)
if size == 0 then return cjson.encode({refused = 'empty'}) end
if size ~= #A.itemIds then return cjson.encode({refused = 'changed'}) end
for _, id in ipairs(A.itemIds) do
  if redis.call('HEXISTS', K.cart, id) == 0 then return cjson.encode({refused = 'changed'}) end
end
local items = '[' .. table.concat(redis.call('HVALS', K.cart), ',') .. ']'
redis.call('HSET', K.order, 'items', items, unpack(A.fields))
redis.call('EXPIRE', K.order, A.retentionSeconds)
redis.call('DEL', K.cart)
for _, index in ipairs(K.indexes) do
  redis.call('ZADD', index, A.score, A.orderId)
  trim_index(index, A.orderKeyPrefix, A.cutoff, A.trimBatch, 0)
end
local mail, note = 'send', nil
if redis.call('HGET', K.addressStates, A.address) ~= 'confirmed' then
  mail, note = 'unconfirmed', A.unconfirmedNote
elseif not has_room(K.accountMail, A.accountCap) then
  mail, note = 'account-cap', A.accountNote
elseif not has_room(K.orderMail, A.orderCap) then
  mail, note = 'site-cap', A.orderNote
else
  count_day(K.accountMail, A.dayTtl)
  count_day(K.orderMail, A.dayTtl)
end
if note then redis.call('HSET', K.order, 'delivery', 'not-sent', 'deliveryNote', note) end
return cjson.encode({placed = items, mail = mail})`,
  { json: true },
);

/**
 * One order as a page of orders shows it: id, owner, createdAt, items JSON, mail delivery, the owner's account key (''
 * on an order from before them), the address its confirmation went to, its state ('' for new), why its mail was not
 * sent, its prices JSON ('{}' on an order from before prices), its pickup day ('' for none).
 */
export type OrderRow = [
  id: string,
  username: string,
  createdAt: string,
  items: string,
  delivery: string,
  account: string,
  email: string,
  state: string,
  deliveryNote: string,
  prices: string,
  pickup: string,
];

/** A page of orders: whether more follow, and its rows (an empty Lua table is encoded as an object). */
export interface OrderPage {
  more: boolean;
  orders: OrderRow[] | Record<string, never>;
}

type PageArgs = ReturnType<typeof pageArgs> & { orderKeyPrefix: string };

/** Lua defining `order_page(index)`: the page of `index` after the cursor, as OrderPage's fields. */
const ORDER_PAGE = `${PAGE_IDS}
local function order_page(index)
  local ids = page_ids(index, A.cutoff, A.beforeScore, A.beforeId, A.pageSize)
  local page = {}
  for i = 1, math.min(A.pageSize, #ids) do
    local f = redis.call('HMGET', A.orderKeyPrefix .. ids[i], 'username', 'createdAt', 'items', 'delivery', 'account', 'email', 'state', 'deliveryNote', 'prices', 'pickup')
    page[i] = {ids[i], f[1] or '', f[2] or '', f[3] or '[]', f[4] or '', f[5] or '', f[6] or '', f[7] or '', f[8] or '', f[9] or '{}', f[10] or ''}
  end
  return #ids > A.pageSize, page
end
`;

/**
 * Reads one page of an account's orders, newest first (src/server/scripts/page.ts), none created
 * before `cutoff` (trimmed by the next order, or still waiting for it).
 */
export const readOrderPage = defineScript<'userOrders', PageArgs, OrderPage>(
  `${ORDER_PAGE}
local more, page = order_page(K.userOrders)
return cjson.encode({more = more, orders = page})`,
  { json: true },
);

/**
 * The owner's page of everyone's orders, as readOrderPage, with how many orders came since the
 * owner last looked (`seen`, a time in ms: every order kept, before they first look) and that time.
 */
export const readAllOrders = defineLimitedScript<
  'orders' | 'seen',
  PageArgs,
  OrderPage & { unseen: number; seenUntil: number }
>(
  `${ORDER_PAGE}
local more, page = order_page(K.orders)
local seen = tonumber(redis.call('GET', K.seen) or '0')
local unseen = redis.call('ZCOUNT', K.orders, '(' .. math.max(seen, A.cutoff), '+inf')
return cjson.encode({more = more, orders = page, unseen = unseen, seenUntil = seen})`,
  { json: true },
);

/** Moves an order to a state ('new', 'ready' or 'collected'); 'gone' when there is no such order. */
export const setOrderState = defineLimitedScript<'order', { state: string }, 'done' | 'gone'>(`
if redis.call('EXISTS', K.order) == 0 then return 'gone' end
redis.call('HSET', K.order, 'state', A.state)
return 'done'`);
