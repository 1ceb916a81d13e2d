// Shop use cases. The cart's owner is always the token's user: a body that names someone else is
// refused, so nobody can read, change or order another user's cart.
import { shop } from '../../content/site.config.ts';
import { cursorPosition } from '../../lib/page-cursor.ts';
import type { Admin } from '../../server/admin-limit.ts';
import { AppError } from '../../server/app-error.ts';
import { usernameKey } from '../../server/keys.ts';
import { deliverAndRecord } from '../../server/mail.ts';
import { type RateLimit, rateLimited } from '../../server/rate-limit.ts';
import type { SessionUser } from '../../server/session.ts';
import { ITEM, MAX_CART_ITEMS } from './logic.ts';
import { priceTable, orderConfirmation, pickupDays, pickupProblem, priced, totalOf } from './orders.ts';
import * as repo from './repo.server.ts';
import {
  type CartItem,
  type CartItemsResponse,
  type PricedCartItem,
  type CreateCartItemRequest,
  ORDERS_PAGE_SIZE,
  OWNER_ORDERS_PAGE_SIZE,
  type AllOrdersResponse,
  type OrderState,
  type OrdersResponse,
  type SubmitOrderRequest,
  type UpdateItemQuantityRequest,
} from './schema.ts';

export const LIMITS = {
  /**
   * Orders an account places a day: more than a farm shop's customer places, and a bound on what one
   * account keeps (orders stay ORDER_RETENTION_DAYS: 10 × 365 of at most about 5 KB, some 18 MB).
   */
  ordersPerUser: { bucket: 'order-user', max: 10, windowSeconds: 86_400 },
} satisfies Record<string, RateLimit>;

/** Who is shopping: the verified token's username and account key, and its session check for the store call. */
type Shopper = Pick<SessionUser, 'username' | 'accountKey' | 'session' | 'email'>;

const CART_EMPTY = 'Your cart is empty.';
export const CART_CHANGED = 'Your cart changed while you were ordering. Please check it and submit again.';

/** Refuses a body that names another user than the token's. */
function assertOwnCart(user: Shopper, claimed: string | undefined): void {
  if (claimed !== undefined && usernameKey(claimed) !== usernameKey(user.username)) {
    throw new AppError('forbidden', 'You can only use your own cart.');
  }
}

/**
 * Adds jars to the user's cart. The same type and size again raises that line's quantity rather
 * than adding a second line; as a real shop does, a line over 20 jars is capped at 20 and the
 * answer says so (`capped`), rather than refusing the whole addition. Answers the line's quantity.
 */
export async function addToCart(
  user: Shopper,
  input: CreateCartItemRequest,
): Promise<{ quantity: number; capped: boolean }> {
  assertOwnCart(user, input.username);
  const { type, size, quantity } = input;
  const item: CartItem = { _id: crypto.randomUUID(), owner: user.username, item: ITEM, type, size, quantity };
  const outcome = await repo.addItem(item, user.accountKey, user.session);
  if (outcome === 'full') {
    throw new AppError('conflict', `Your cart is full (${MAX_CART_ITEMS} items). Submit or clear it first.`);
  }
  return { quantity: outcome.quantity, capped: outcome.capped };
}

/** Sets the quantity (1 to 20, checked by the schema) of a line of the user's own cart. */
export async function updateItemQuantity(user: Shopper, input: UpdateItemQuantityRequest): Promise<void> {
  assertOwnCart(user, input.username);
  if (!(await repo.setItemQuantity(user.accountKey, input.itemId, input.quantity, user.session))) {
    throw new AppError('not_found', 'That item is not in your cart.');
  }
}

/** Returns the user's cart, oldest line first, each line with its jar's price (src/content/shop/prices.ts). */
export async function cartItems(user: Shopper, claimed: string | undefined): Promise<PricedCartItem[]> {
  assertOwnCart(user, claimed);
  return priced(await repo.readCart(user.accountKey, user.session));
}

/** The cart as its page shows it: the priced lines and their total (null unless every line has a price). */
export async function pricedCart(
  user: Shopper,
  claimed: string | undefined,
): Promise<Omit<CartItemsResponse, 'status'>> {
  const lines = await cartItems(user, claimed);
  return { cartItems: lines, total: totalOf(lines) };
}

/** Removes one line from the user's cart. */
export async function deleteCartItem(user: Shopper, ownerId: string | undefined, itemId: string): Promise<void> {
  assertOwnCart(user, ownerId);
  if (!(await repo.deleteItem(user.accountKey, itemId, user.session))) {
    throw new AppError('not_found', 'That item is not in your cart.');
  }
}

/** Empties the user's cart. */
export async function clearCart(user: Shopper, claimed: string | undefined): Promise<void> {
  assertOwnCart(user, claimed);
  await repo.clearCart(user.accountKey, user.session);
}

/**
 * Turns the user's cart (the server's copy: the client's list is only checked against it) into an
 * order, with the shop's prices as they are now and a pickup day the farm offers (400 for another),
 * and empties the cart in one atomic step, then mails a confirmation to the account's own
 * address (never one typed in the order) once its holder has confirmed it, unless a daily mail cap
 * holds it back: the account's or all orders' budget (the order still stands; its mail is `not-sent`).
 */
export async function submitOrder(user: Shopper, input: SubmitOrderRequest, requestId: string): Promise<void> {
  assertOwnCart(user, input.username);
  const itemIds = input.orderList.map((line) => line._id);
  if (new Set(itemIds).size !== itemIds.length) throw new AppError('conflict', CART_CHANGED);
  // The day chosen, if the farm offers it; a client that names none (the spec's) gets the first it offers.
  const now = Date.now();
  const problem = input.pickup === undefined ? undefined : pickupProblem(input.pickup, now);
  if (problem) throw new AppError('bad_request', problem);
  const pickup = input.pickup ?? pickupDays(now)[0] ?? '';

  // One round trip: the rate limit, the check against the server's cart, the order, the empty cart.
  const placing = {
    id: crypto.randomUUID(),
    username: user.username,
    account: user.accountKey,
    email: user.email,
    createdAt: new Date(now).toISOString(),
    delivery: 'sending' as const,
    deliveryNote: '',
    // The prices as they are now go with the order: its total is the one it was placed at.
    prices: JSON.stringify(priceTable()),
    pickup,
  };
  const outcome = await repo.placeOrder(
    placing,
    itemIds,
    [LIMITS.ordersPerUser, usernameKey(user.username)],
    user.session,
  );
  if ('limitedFor' in outcome) throw rateLimited(outcome.limitedFor);
  if ('refused' in outcome) {
    // An empty cart (also the second of two submissions of the same cart) says so.
    throw outcome.refused === 'empty'
      ? new AppError('bad_request', CART_EMPTY)
      : new AppError('conflict', CART_CHANGED);
  }
  const order = { ...placing, items: priced(outcome.placed) };
  if (outcome.mail !== 'send') {
    // Over a daily mail cap, or to an unconfirmed address, the order stands; the script
    // has recorded its mail as not sent.
    const why = outcome.mail === 'unconfirmed' ? 'address not confirmed' : `daily mail cap reached (${outcome.mail})`;
    console.warn(`[${requestId}] order ${order.id} stored, not mailed: ${why}.`);
    return;
  }

  await deliverAndRecord(
    { ...orderConfirmation(order, shop.name), to: order.email, idempotencyKey: `order-${order.id}` },
    `[${requestId}] order ${order.id}`,
    ({ delivery, note }) => repo.recordOrderDelivery(order.id, delivery, note),
  );
}

/**
 * Returns one page of the user's own orders, newest first: the first page, or the one after
 * `before` (a cursor from an earlier page), with the next page's cursor when older orders follow.
 */
export function orderHistory(user: Shopper, before: string | undefined): Promise<Omit<OrdersResponse, 'status'>> {
  return repo.readOrderPage(user.accountKey, ORDERS_PAGE_SIZE, cursorPosition(before), user.session);
}

/** The owner's inbox: one page of everyone's orders, newest first, with how many came since they last looked. */
export function allOrders(admin: Admin, before: string | undefined): Promise<Omit<AllOrdersResponse, 'status'>> {
  return repo.readAllOrders(admin, OWNER_ORDERS_PAGE_SIZE, cursorPosition(before));
}

export const NO_SUCH_ORDER = 'There is no such order.';

/** The owner moves an order to a state (new, ready, collected); 404 when the order is gone (retention). */
export async function setOrderState(admin: Admin, id: string, state: OrderState): Promise<void> {
  if (!(await repo.setOrderState(admin, id, state))) throw new AppError('not_found', NO_SUCH_ORDER);
}

/** The owner has seen the orders placed up to `upTo` (ms). */
export function markOrdersSeen(admin: Admin, upTo: number): Promise<void> {
  return repo.markOrdersSeen(admin, upTo);
}

/** Lists orders newest first, everyone's or those of the account a username has now, for the admin CLI. */
export function listOrders(limit = 20, username?: string): Promise<repo.Order[]> {
  return repo.listOrders(limit, username);
}
