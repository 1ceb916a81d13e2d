// Pure rules of the shop: what it sells (SPEC sections 3, 5, 9) and its toasts' texts (section 8).
// What an order costs and when it is collected are in orders.ts.
// The rules that need the store's atomicity (one line per type and size, cart equals order, the
// order's rate limit, its mail caps and retention) are written where they run: scripts.server.ts.
import type { ToastOptions } from '../../components/toast.ts';
import type { CartItem } from './schema.ts';

// One item, three types, two sizes, 1 to 20 jars a line.
export const ITEM = 'Pickles';
export const PICKLE_TYPES = ['Hot', 'Bread and Butter', 'Kosher Dill'] as const;
export const SIZES = ['Pint', 'Quart'] as const;
export const DEFAULT_SIZE: Size = 'Pint';
export const QUANTITY = { min: 1, max: 20, default: 1 } as const;
/** A family order fits easily; a cap keeps one account from filling the store. */
export const MAX_CART_ITEMS = 30;

export type PickleType = (typeof PICKLE_TYPES)[number];
export type Size = (typeof SIZES)[number];

// The toasts show for 3 seconds (SPEC section 9).
const SHOP_TOAST_MS = 3000;

export const TOASTS = {
  added: { title: 'Success', text: 'Item successfully added to cart.', variant: 'success', duration: SHOP_TOAST_MS },
  notAdded: {
    title: 'Failed',
    text: 'There was an issue adding the item to your cart.',
    variant: 'failure',
    duration: SHOP_TOAST_MS,
  },
  // The spec gives the cart page this success wording, for orders too (SPEC section 8).
  cartSuccess: {
    title: 'Success',
    text: 'Item successfully added to cart.',
    variant: 'success',
    duration: SHOP_TOAST_MS,
  },
  cartFailure: { title: 'Failed', text: 'An error has occurred.', variant: 'failure', duration: SHOP_TOAST_MS },
  /** The title of the notice that an addition was capped at the most a line holds (its text: cappedMessage). */
  capped: { title: 'Quantity capped', text: '', variant: 'info', duration: SHOP_TOAST_MS },
} satisfies Record<string, ToastOptions>;

/**
 * How long an order is kept: a year, long enough for any question about it, after which the
 * address it was confirmed to and its lines are removed from the store.
 */
export const ORDER_RETENTION_DAYS = 365;

/** The message for a quantity typed outside 1 to 20, or not a whole number (SPEC section 5). */
export const QUANTITY_RULE = `Quantity must be a whole number from ${QUANTITY.min} to ${QUANTITY.max}.`;

/** Returns the quantity typed, or undefined unless it is a whole number from 1 to 20. */
export function parseQuantity(value: string): number | undefined {
  const quantity = Number(value);
  return /^\d+$/.test(value.trim()) && quantity >= QUANTITY.min && quantity <= QUANTITY.max ? quantity : undefined;
}

/** Describes a cart line for people, e.g. '3 × Hot Pickles, Quart'. */
export function describeItem(item: Pick<CartItem, 'quantity' | 'type' | 'item' | 'size'>): string {
  return `${item.quantity} × ${item.type} ${item.item}, ${item.size}`;
}

/** Sums a cart for its summary, e.g. '7 jars in 2 lines'. */
export function cartSummary(items: Pick<CartItem, 'quantity'>[]): string {
  const jars = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${jars} jar${jars === 1 ? '' : 's'} in ${items.length} line${items.length === 1 ? '' : 's'}`;
}

/** Tells that adding jars to a line already in the cart stopped at the most a line holds. */
export function cappedMessage(item: Pick<CartItem, 'type' | 'item' | 'size'>, max: number): string {
  return `A line holds at most ${max} jars: your cart now has ${max} × ${item.type} ${item.item}, ${item.size}.`;
}
