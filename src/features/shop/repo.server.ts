// Carts and orders in Redis. A cart is a hash of JSON items per account; an order is a hash, indexed
// per account and overall (each by the account's key, keys.ts accountKeyOf, never by its name).
// Placing an order moves the cart into it atomically (scripts.server.ts). Every call is the
// request's one store call and checks the shopper's session in it (src/server/session.ts).
import { accountKeyOf, keys, usernameKey } from '../../server/keys.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { normalAddress } from '../../server/mail-address.ts';
import { type Delivery, MAIL_CAP_NOTE, MAIL_COUNTERS, UNCONFIRMED_NOTE, mailCaps } from '../../server/mail.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { hashReply, newestHashes, redis } from '../../server/redis.ts';
import { TRIM_BATCH, retention } from '../../server/retention.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { type PageStart, pageArgs } from '../../server/scripts/page.ts';
import { markSeen } from '../../server/scripts/seen.ts';
import { shopKeys } from './keys.server.ts';
import * as scripts from './scripts.server.ts';
import { type SessionCheck, checkedRead, writeChecked } from '../../server/session.ts';
import { MAX_CART_ITEMS, ORDER_RETENTION_DAYS, QUANTITY } from './logic.ts';
import { type PriceTable, priced, totalOf } from './orders.ts';
import {
  type CartItem,
  ORDER_STATES,
  type OrderMailState,
  type OrderState,
  type OrderSummary,
  type OwnerOrder,
} from './schema.ts';
import { pageCursor } from '../../lib/page-cursor.ts';
import { type Admin, runAsAdmin } from '../../server/admin-limit.ts';

/** A cart item as stored: the spec's fields plus when it was added, for a stable order. */
type StoredCartItem = CartItem & { addedAt: number };

export interface Order {
  id: string;
  username: string;
  /** The ordering account's key (its username key on an order from before account keys). */
  account: string;
  email: string;
  items: CartItem[];
  createdAt: string;
  delivery: Delivery;
  /** Resend's id for the confirmation mail, or why it was not delivered. */
  deliveryNote: string;
  /** The shop's prices when it was placed (orders.ts PriceTable, JSON), so its total never moves with them. */
  prices: string;
  /** The pickup day chosen (YYYY-MM-DD), or '' for none. */
  pickup: string;
}

/** What adding jars did: the line they are on, its quantity now and whether the cap cut them; or 'full'. */
export type AddOutcome = { itemId: string; quantity: number; capped: boolean } | 'full';

/**
 * Adds an item to its owner's cart in one atomic step: onto the line of the same type and size
 * (its quantity capped at the most a line holds) when there is one, else as a new line while the
 * cart holds fewer than the most lines allowed.
 */
export async function addItem(item: CartItem, account: string, session: SessionCheck): Promise<AddOutcome> {
  const stored: StoredCartItem = { ...item, addedAt: Date.now() };
  const reply = await scripts.addCartItem.runChecked(
    session,
    { cart: shopKeys.cart(account) },
    {
      itemId: item._id,
      json: JSON.stringify(stored),
      maxItems: MAX_CART_ITEMS,
      type: item.type,
      size: item.size,
      quantity: item.quantity,
      maxQuantity: QUANTITY.max,
    },
  );
  return 'full' in reply ? 'full' : reply;
}

/** Sets a line's quantity in the account's own cart; answers false when that cart has no such line. */
export async function setItemQuantity(
  account: string,
  itemId: string,
  quantity: number,
  session: SessionCheck,
): Promise<boolean> {
  const reply = await scripts.setCartItemQuantity.runChecked(
    session,
    { cart: shopKeys.cart(account) },
    { itemId, quantity },
  );
  return reply === 'set';
}

/** Stored cart items as the app sees them: oldest first, without the bookkeeping field. */
function fromStored(stored: StoredCartItem[]): CartItem[] {
  return [...stored].sort((a, b) => a.addedAt - b.addedAt).map(({ addedAt: _addedAt, ...item }) => item);
}

/** Turns a cart's HGETALL reply into its items. */
export function toCartItems(reply: unknown): CartItem[] {
  return fromStored(Object.values(hashReply(reply) ?? {}).map((json) => JSON.parse(json) as StoredCartItem));
}

/** Reads an account's cart. */
export async function readCart(account: string, session: SessionCheck): Promise<CartItem[]> {
  const [reply] = await checkedRead(session, (pipe) => pipe.hgetall(shopKeys.cart(account)));
  return toCartItems(reply);
}

/** Removes one item; answers false when the account's cart has no such item. */
export async function deleteItem(account: string, itemId: string, session: SessionCheck): Promise<boolean> {
  const [removed] = await writeChecked(session, [['HDEL', shopKeys.cart(account), itemId]]);
  return removed === 1;
}

/** Empties an account's cart. */
export async function clearCart(account: string, session: SessionCheck): Promise<void> {
  await writeChecked(session, [['DEL', shopKeys.cart(account)]]);
}

export type PlaceOutcome =
  { placed: CartItem[]; mail: scripts.OrderMail } | { refused: 'empty' | 'changed' } | { limitedFor: number };

/**
 * Counts the attempt, then stores the order with the cart's items and empties the cart, in one
 * atomic step; refused when the cart is empty or does not hold exactly `itemIds`. The same step
 * counts the confirmation mail against the daily mail caps when the account's address is
 * confirmed, or records it as not sent;
 * and it gives the order its expiry (ORDER_RETENTION_DAYS) and trims orders older than that from
 * the indexes, a batch at a time.
 */
export async function placeOrder(
  order: Omit<Order, 'items'>,
  itemIds: string[],
  attempt: Attempt,
  session: SessionCheck,
): Promise<PlaceOutcome> {
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter(attempt);
  const now = Date.now();
  const { account } = order;
  const [accountMail, dayTtl] = dailyCounter(MAIL_COUNTERS.perAccount, account, now);
  const [orderMail] = dailyCounter(MAIL_COUNTERS.orders, '', now);
  const caps = mailCaps();
  const kept = retention(ORDER_RETENTION_DAYS, now);
  const reply = await scripts.placeOrder.counted.runChecked(
    session,
    {
      attempts,
      cart: shopKeys.cart(account),
      order: shopKeys.order(order.id),
      indexes: [shopKeys.orders(), shopKeys.userOrders(account)],
      accountMail,
      orderMail,
      addressStates: keys.mailAddresses(),
    },
    {
      attemptsMax,
      attemptsWindow,
      score: Date.parse(order.createdAt),
      orderId: order.id,
      accountCap: caps.perAccount,
      orderCap: caps.orders,
      dayTtl,
      address: normalAddress(order.email),
      unconfirmedNote: UNCONFIRMED_NOTE,
      accountNote: `${MAIL_CAP_NOTE} (per account)`,
      orderNote: `${MAIL_CAP_NOTE} (order mail)`,
      orderKeyPrefix: shopKeys.order(''),
      cutoff: kept.cutoff,
      retentionSeconds: kept.ttlSeconds,
      trimBatch: TRIM_BATCH,
      itemIds,
      fields: Object.entries(order).flat(),
    },
  );
  if (typeof reply === 'string') return { limitedFor: secondsToWait(reply) };
  if ('refused' in reply) return reply;
  return { placed: fromStored(JSON.parse(reply.placed) as StoredCartItem[]), mail: reply.mail };
}

/** Records how an order's confirmation mail went. */
export async function recordOrderDelivery(id: string, delivery: Delivery, deliveryNote: string): Promise<void> {
  await redis().hset(shopKeys.order(id), { delivery, deliveryNote });
}

/**
 * Lists orders newest first: everyone's, or those of the account a username has now (three round
 * trips: its account key, the ids, then the orders; an account deleted took its order index along).
 */
export async function listOrders(limit: number, username?: string): Promise<Order[]> {
  const account = username
    ? accountKeyOf(username, await redis().hget<string>(keys.user(usernameKey(username)), 'account'))
    : undefined;
  const index = account ? shopKeys.userOrders(account) : shopKeys.orders();
  return (await newestHashes(index, shopKeys.order, limit)).map(
    (record) =>
      ({
        ...record,
        account: accountKeyOf(record.username ?? '', record.account),
        items: fromStored(JSON.parse(record.items ?? '[]') as StoredCartItem[]),
      }) as Order,
  );
}

const MAIL_STATES: readonly string[] = ['sending', 'delivered', 'undelivered', 'not-sent'] satisfies OrderMailState[];

/** The page arguments of the order scripts: `pageSize` orders after `before`, none older than the retention. */
const orderPageArgs = (pageSize: number, before: PageStart) => ({
  orderKeyPrefix: shopKeys.order(''),
  ...pageArgs(before, pageSize, retention(ORDER_RETENTION_DAYS).cutoff),
});

function summaryOf([
  id,
  ,
  createdAt,
  items,
  delivery,
  ,
  ,
  ,
  deliveryNote,
  prices,
  pickup,
]: scripts.OrderRow): OrderSummary {
  const mail = (MAIL_STATES.includes(delivery) ? delivery : 'sending') as OrderMailState;
  const lines = priced(toLines(items), JSON.parse(prices) as PriceTable);
  return {
    id,
    createdAt,
    lines,
    total: totalOf(lines),
    pickup: pickup || null,
    // Held back for an unconfirmed address, not by a cap: the two read differently.
    mail: mail === 'not-sent' && deliveryNote === UNCONFIRMED_NOTE ? 'unconfirmed' : mail,
  };
}

/** An empty Lua table is encoded as an object. */
const rowsOf = (page: scripts.OrderPage): scripts.OrderRow[] => (Array.isArray(page.orders) ? page.orders : []);

/** The cursor past a page's last row, when more follow. */
function nextCursorOf(page: scripts.OrderPage): string | null {
  const last = rowsOf(page).at(-1);
  return page.more && last ? pageCursor({ id: last[0], createdAt: last[2] }) : null;
}

/**
 * Reads one page of an account's orders, newest first (one round trip, with the session check),
 * with the next page's cursor when older orders follow. An order whose record names another account
 * is left out (the index is the account's own: this is a second lock).
 */
export async function readOrderPage(
  account: string,
  pageSize: number,
  before: PageStart,
  session: SessionCheck,
): Promise<{ orders: OrderSummary[]; nextCursor: string | null }> {
  const page = await scripts.readOrderPage.runChecked(
    session,
    { userOrders: shopKeys.userOrders(account) },
    orderPageArgs(pageSize, before),
  );
  const orders = rowsOf(page)
    .filter(([, owner, , , , ownerAccount]) => accountKeyOf(owner, ownerAccount) === account)
    .map(summaryOf);
  return { orders, nextCursor: nextCursorOf(page) };
}

/**
 * Reads one page of everyone's orders for the owner, newest first, with how many came since the
 * owner last looked and when that was (one round trip, within the admin's limit).
 */
export async function readAllOrders(
  admin: Admin,
  pageSize: number,
  before: PageStart,
): Promise<{ orders: OwnerOrder[]; nextCursor: string | null; unseen: number; seenUntil: number }> {
  const page = await runAsAdmin(
    admin,
    scripts.readAllOrders,
    { orders: shopKeys.orders(), seen: shopKeys.ordersSeen() },
    orderPageArgs(pageSize, before),
  );
  const orders = rowsOf(page).map((row) => ({
    ...summaryOf(row),
    username: row[1],
    email: row[6],
    state: (ORDER_STATES.includes(row[7] as OrderState) ? row[7] : 'new') as OrderState,
  }));
  return { orders, nextCursor: nextCursorOf(page), unseen: page.unseen, seenUntil: page.seenUntil };
}

/** Moves an order to a state; answers false when there is no such order (any more). */
export async function setOrderState(admin: Admin, id: string, state: OrderState): Promise<boolean> {
  return (await runAsAdmin(admin, scripts.setOrderState, { order: shopKeys.order(id) }, { state })) === 'done';
}

/** Marks the orders placed up to `upTo` (ms) seen by the owner. */
export async function markOrdersSeen(admin: Admin, upTo: number): Promise<void> {
  await runAsAdmin(admin, markSeen, { seen: shopKeys.ordersSeen() }, { upTo });
}

/** An order's stored items JSON as its lines. */
function toLines(items: string): OrderSummary['lines'] {
  return fromStored(JSON.parse(items) as StoredCartItem[]).map(({ item, type, size, quantity }) => ({
    item,
    type,
    size,
    quantity,
  }));
}
