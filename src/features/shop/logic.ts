// Pure rules of the shop: what it sells (SPEC sections 3, 5, 9) and at what price (its content's
// prices, in whole cents, and the totals), the pickup days it offers, its toasts' texts (section 8)
// and the confirmation mail.
// The rules that need the store's atomicity (one line per type and size, cart equals order, the
// order's rate limit, its mail caps and retention) are written where they run: scripts.server.ts.
import type { ToastOptions } from '../../components/toast.ts';
import { SHOP_PICKUP } from '../../content/shop/pickup.ts';
import { SHOP_PRICES } from '../../content/shop/prices.ts';
import { formatMoney } from '../../lib/money.ts';
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

/** A jar's price in whole cents, by type and size ('Hot|Pint'): the table an order keeps as it was when placed. */
export type PriceTable = Record<string, number>;

/** The content's prices in hundredths of the currency's unit (cents): whole numbers, so sums are exact. */
export const PRICE_TABLE: PriceTable = Object.fromEntries(
  Object.entries(SHOP_PRICES.jars ?? {}).flatMap(([type, sizes]) =>
    Object.entries(sizes ?? {}).map(([size, amount]) => [`${type}|${size}`, Math.round(amount * 100)]),
  ),
);

/** A jar's price in cents from `table` (the content's, or an order's own), or undefined when it has none. */
export function unitPrice(line: { type: string; size: string }, table: PriceTable = PRICE_TABLE): number | undefined {
  return table[`${line.type}|${line.size}`];
}

/** Lines with their jar price (cents) from `table`, where it has one. */
export function priced<T extends { type: string; size: string }>(
  lines: T[],
  table: PriceTable = PRICE_TABLE,
): (T & { unitPrice?: number })[] {
  return lines.map((line) => {
    const price = unitPrice(line, table);
    return price === undefined ? line : { ...line, unitPrice: price };
  });
}

/** The total of priced lines in cents; null when any line has no price (then no total is shown). */
export function totalOf(lines: { quantity: number; unitPrice?: number }[]): number | null {
  let total = 0;
  for (const line of lines) {
    if (line.unitPrice === undefined) return null;
    total += line.unitPrice * line.quantity;
  }
  return total;
}

/** A product card's prices, 'Pint $7.50 · Quart $12.50'; undefined when the shop gives none for the type. */
export function priceLine(type: PickleType): string | undefined {
  const prices = SIZES.flatMap((size) => {
    const price = unitPrice({ type, size });
    return price === undefined ? [] : [`${size} ${formatPrice(price)}`];
  });
  return prices.length ? prices.join(' · ') : undefined;
}

/** An amount in cents in the shop's currency: '$7.50'. */
export const formatPrice = (cents: number): string => formatMoney(cents, SHOP_PRICES.currency);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;

/** The farm's date at `now`, in its own time zone, as [year, month, day]. */
function farmDate(now: number, timeZone: string): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((found) => found.type === type)!.value);
  return [part('year'), part('month'), part('day')];
}

/**
 * The pickup days a customer may choose at `now` (YYYY-MM-DD, the farm's dates): its opening
 * weekdays from `noticeDays` after the farm's today, within `weeksAhead` weeks. None when it names
 * no opening days.
 */
export function pickupDays(now: number, pickup = SHOP_PICKUP): string[] {
  const [year, month, day] = farmDate(now, pickup.timeZone);
  const today = Date.UTC(year, month - 1, day); // a date, not a moment: its weekday is UTC's
  const days: string[] = [];
  for (let ahead = pickup.noticeDays; ahead <= pickup.weeksAhead * 7; ahead++) {
    const date = new Date(today + ahead * DAY_MS);
    if (pickup.days.includes(WEEKDAYS[date.getUTCDay()]!)) days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

/** Why the server takes no order for pickup on `day` at `now`, or undefined when it does (an open day offered a moment ago still counts: the page's list was made then). */
export function pickupProblem(day: string, now: number): string | undefined {
  const offered = new Set([...pickupDays(now - 60 * 60_000), ...pickupDays(now)]);
  return offered.has(day) ? undefined : 'That pickup day is not one the farm offers. Please choose another.';
}

/** A pickup day in words, the same wherever it is read: 'Saturday, December 5'. */
export function pickupDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
}

/** A pickup day as the shop says it: 'Saturday, December 5, 9:00 to 13:00'. */
export const describePickup = (day: string): string => `${pickupDate(day)}, ${SHOP_PICKUP.hours}`;

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

/**
 * Composes the confirmation mail for an order. It goes to an address the shopper typed, which may
 * be anyone's, so it holds nothing the shopper chose (not even their username, which could read as
 * a link, such as `www.example.com`): only the shop's own words, the catalogue's names, the date
 * and the order's reference. It is plain text, so it carries no markup either.
 */
export function orderConfirmation(
  order: { id: string; items: (CartItem & { unitPrice?: number })[]; createdAt: string; pickup?: string },
  shopName: string,
): { subject: string; text: string } {
  const jars = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const total = totalOf(order.items);
  return {
    subject: `Your ${shopName} order`,
    text: [
      'Hello,',
      '',
      `Thank you for your order. We received it on ${order.createdAt.slice(0, 10)}:`,
      '',
      ...order.items.map(
        (item) =>
          `  ${describeItem(item)}${item.unitPrice === undefined ? '' : `: ${formatPrice(item.unitPrice * item.quantity)}`}`,
      ),
      '',
      `${jars} jar${jars === 1 ? '' : 's'} in all${total === null ? '' : `, ${formatPrice(total)}`}.`,
      order.pickup
        ? `Pickup at the farm: ${describePickup(order.pickup)}. Please pay when you collect it.`
        : 'We will be in touch about pickup and payment.',
      '',
      `Order reference: ${order.id}`,
      '',
      '-- ',
      `${shopName} (a demo shop: nothing will actually be delivered)`,
    ].join('\n'),
  };
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
