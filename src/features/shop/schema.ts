// Requests and answers of the /api/dhh/* endpoints (SPEC section 7), shared by the island and
// the functions. Each body may name its user (the spec's payloads do); the server checks that
// name against the token and never trusts it. The order history's types are public: the
// dashboard's "Your Orders" card reads them (`import type`).
import * as v from 'valibot';
import { isValidEmail } from '../../lib/email.ts';
import { ITEM, PICKLE_TYPES, QUANTITY, SIZES } from './logic.ts';

export const INVALID_EMAIL_FORMAT = 'Invalid Email Format';

/** A line of a cart (SPEC section 3: Cart item). */
export interface CartItem {
  _id: string;
  owner: string;
  item: typeof ITEM;
  type: (typeof PICKLE_TYPES)[number];
  size: (typeof SIZES)[number];
  quantity: number;
}

const username = v.optional(v.pipe(v.string(), v.maxLength(64)));
const id = (label: string) => v.pipe(v.string(`${label} is missing.`), v.uuid(`${label} is not a cart item id.`));

/** Jars on a line: a whole number from 1 to 20 (SPEC sections 5, 9). */
const quantity = v.pipe(
  v.number('Quantity must be a number.'),
  v.integer('Quantity must be a whole number.'),
  v.minValue(QUANTITY.min, `Quantity must be from ${QUANTITY.min} to ${QUANTITY.max}.`),
  v.maxValue(QUANTITY.max, `Quantity must be from ${QUANTITY.min} to ${QUANTITY.max}.`),
);

export const createCartItemRequest = v.object({
  item: v.picklist([ITEM], `We only sell ${ITEM}.`),
  type: v.picklist(PICKLE_TYPES, `Type must be one of: ${PICKLE_TYPES.join(', ')}.`),
  size: v.picklist(SIZES, `Size must be ${SIZES.join(' or ')}.`),
  quantity,
  username,
});

/** POST /api/dhh/update-item-quantity (an addition to the spec's calls): a line's new quantity. */
export const updateItemQuantityRequest = v.object({ itemId: id('itemId'), quantity, username });

/** How many orders one page of the history holds. */
export const ORDERS_PAGE_SIZE = 5;

/** The states the owner moves an order through (an order starts new). */
export const ORDER_STATES = ['new', 'ready', 'collected'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** How many orders one page of the owner's inbox holds. */
export const OWNER_ORDERS_PAGE_SIZE = 10;

/** POST /api/dhh/order-state (the owner's inbox): an order's new state. */
export const orderStateRequest = v.object({
  id: v.pipe(v.string('id is missing.'), v.uuid('id is not an order id.')),
  state: v.picklist(ORDER_STATES, `state must be one of: ${ORDER_STATES.join(', ')}.`),
});

export const cartOwnerRequest = v.object({ username });

export const deleteItemRequest = v.object({ ownerId: username, itemId: id('itemId') });

export const submitOrderRequest = v.object({
  username,
  orderList: v.pipe(
    v.array(v.object({ _id: id('An order line') }), 'orderList must be a list of cart items.'),
    v.nonEmpty('Your cart is empty.'),
    v.maxLength(100, 'orderList is too long.'),
  ),
  email: v.pipe(v.string(INVALID_EMAIL_FORMAT), v.trim(), v.check(isValidEmail, INVALID_EMAIL_FORMAT)),
  /**
   * The pickup day chosen (an addition to the spec's payload; orders.ts pickupDays);
   * without one, the first the farm offers.
   */
  pickup: v.optional(v.pipe(v.string('pickup must be a date.'), v.isoDate('pickup must be a date, YYYY-MM-DD.'))),
});

export type CreateCartItemRequest = v.InferOutput<typeof createCartItemRequest>;
export type UpdateItemQuantityRequest = v.InferOutput<typeof updateItemQuantityRequest>;
export type SubmitOrderRequest = v.InferOutput<typeof submitOrderRequest>;

export interface StatusResponse {
  status: 'Success';
}
/** A cart line with its jar's price in cents, when the shop gives one (priced by the server, never the browser). */
export type PricedCartItem = CartItem & { unitPrice?: number };

/**
 * The answer of get-cart-items: the spec's lines, each with its price, and (an addition) the cart's total
 * in cents, null unless every line has a price.
 */
export interface CartItemsResponse extends StatusResponse {
  cartItems: PricedCartItem[];
  total: number | null;
}
/**
 * The answer of create-cart-item: the spec's status, plus (additions) the line's quantity now and
 * whether the 20-jar cap cut what was added to a line already in the cart.
 */
export interface AddedResponse extends StatusResponse {
  quantity: number;
  capped: boolean;
}

/**
 * Where an order's confirmation mail stands (src/server/mail.ts Delivery; `unconfirmed`:
 * not sent, the address unconfirmed).
 */
export type OrderMailState = 'sending' | 'delivered' | 'undelivered' | 'not-sent' | 'unconfirmed';

/** One line of a placed order. */
export interface OrderLine {
  item: string;
  type: string;
  size: string;
  quantity: number;
  /** A jar's price in cents when the order was placed, if the shop gave one. */
  unitPrice?: number;
}

/** One order in the history. */
export interface OrderSummary {
  id: string;
  /** When it was placed (ISO 8601). */
  createdAt: string;
  lines: OrderLine[];
  /** In cents, from the prices when it was placed; null unless every line had one. */
  total: number | null;
  /** The pickup day chosen (YYYY-MM-DD, the farm's date); null on an order that names none. */
  pickup: string | null;
  mail: OrderMailState;
}

/** One order in the owner's inbox: who placed it, the address its confirmation went to, and its state. */
export interface OwnerOrder extends OrderSummary {
  username: string;
  email: string;
  state: OrderState;
}

/**
 * The answer of GET /api/dhh/all-orders: a page of everyone's orders, newest first, and how many came since the owner
 * last looked, and when that was (ms, 0 before).
 */
export interface AllOrdersResponse {
  status: 'Success';
  orders: OwnerOrder[];
  nextCursor: string | null;
  unseen: number;
  seenUntil: number;
}

/** The answer of GET /api/dhh/orders: a page of orders, newest first, and the cursor of the next page, if any. */
export interface OrdersResponse {
  status: 'Success';
  orders: OrderSummary[];
  /** Pass as `before` to read the next (older) page; null on the last page. */
  nextCursor: string | null;
}
