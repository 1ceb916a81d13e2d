// What an order costs and when it is collected: the shop's prices (src/content/shop/prices.ts) in
// whole cents and the totals, the pickup days the farm offers (src/content/shop/pickup.ts), and the
// confirmation mail. Apart from logic.ts, which every page's script holds for the products page's
// picker: this is the cart's, the cards' and the server's only.
import { dateInWords } from '../../lib/utc-day.ts';
import { SHOP_PICKUP } from '../../content/shop/pickup.ts';
import { SHOP_PRICES } from '../../content/shop/prices.ts';
import { formatMoney } from '../../lib/money.ts';
import { type PickleType, SIZES, describeItem } from './logic.ts';
import type { CartItem } from './schema.ts';

/** A jar's price in whole cents, by type and size ('Hot|Pint'): the table an order keeps as it was when placed. */
export type PriceTable = Record<string, number>;

let contentTable: PriceTable | undefined;

/**
 * The content's prices in hundredths of the currency's unit (cents): whole numbers, so
 * sums are exact. Made on first use.
 */
export function priceTable(): PriceTable {
  return (contentTable ??= Object.fromEntries(
    Object.entries(SHOP_PRICES.jars ?? {}).flatMap(([type, sizes]) =>
      Object.entries(sizes ?? {}).map(([size, amount]) => [`${type}|${size}`, Math.round(amount * 100)]),
    ),
  ));
}

/** A jar's price in cents from `table` (the content's, or an order's own), or undefined when it has none. */
export function unitPrice(line: { type: string; size: string }, table: PriceTable = priceTable()): number | undefined {
  return table[`${line.type}|${line.size}`];
}

/** Lines with their jar price (cents) from `table`, where it has one. */
export function priced<T extends { type: string; size: string }>(
  lines: T[],
  table: PriceTable = priceTable(),
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

/**
 * Why the server takes no order for pickup on `day` at `now`, or undefined when it does (an open day offered a moment
 * ago still counts: the page's list was made then).
 */
export function pickupProblem(day: string, now: number): string | undefined {
  const offered = new Set([...pickupDays(now - 60 * 60_000), ...pickupDays(now)]);
  return offered.has(day) ? undefined : 'That pickup day is not one the farm offers. Please choose another.';
}

/** A pickup day as the shop says it: 'Saturday, December 5, 9:00 to 13:00'. */
export const describePickup = (day: string): string => `${dateInWords(day)}, ${SHOP_PICKUP.hours}`;

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
