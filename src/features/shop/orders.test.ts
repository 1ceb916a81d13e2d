import { describe, expect, it } from 'vitest';
import { shop } from '../../content/site.config.ts';
import { SHOP_PICKUP } from '../../content/shop/pickup.ts';
import { SHOP_PRICES } from '../../content/shop/prices.ts';
import { PICKLE_TYPES, SIZES, describeItem } from './logic.ts';
import {
  priceTable,
  formatPrice,
  orderConfirmation,
  describePickup,
  pickupDays,
  pickupProblem,
  priceLine,
  priced,
  totalOf,
} from './orders.ts';
import type { CartItem } from './schema.ts';

const item = (id: string, overrides: Partial<CartItem> = {}): CartItem => ({
  _id: id,
  owner: 'ann',
  item: 'Pickles',
  type: 'Hot',
  size: 'Pint',
  quantity: 1,
  ...overrides,
});

describe('orderConfirmation', () => {
  it('lists every line and counts the jars', () => {
    const mail = orderConfirmation(
      {
        id: 'order-1',
        createdAt: '2026-11-22T10:00:00.000Z',
        items: [item('a', { quantity: 2, size: 'Quart' }), item('b', { type: 'Kosher Dill', quantity: 1 })],
      },
      shop.name,
    );
    expect(mail.subject).toBe(`Your ${shop.name} order`);
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('  2 × Hot Pickles, Quart\n  1 × Kosher Dill Pickles, Pint');
    expect(mail.text).toContain('3 jars in all.');
    expect(mail.text).toContain('Order reference: order-1');
  });

  it('says jar for one', () => {
    expect(describeItem(item('a'))).toBe('1 × Hot Pickles, Pint');
    const mail = orderConfirmation({ id: 'x', createdAt: '2026-01-01', items: [item('a')] }, 'Shop');
    expect(mail.text).toContain('1 jar in all.');
  });
});

describe('prices', () => {
  it('reads the content’s prices as whole cents, each a positive amount of at most two decimals', () => {
    expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: SHOP_PRICES.currency })).not.toThrow();
    for (const [type, sizes] of Object.entries(SHOP_PRICES.jars ?? {})) {
      expect(PICKLE_TYPES, type).toContain(type);
      for (const [size, amount] of Object.entries(sizes ?? {})) {
        expect(SIZES, size).toContain(size);
        expect(amount, `${type} ${size}`).toBeGreaterThan(0);
        expect(Math.abs(amount * 100 - Math.round(amount * 100)), `${type} ${size}: cents`).toBeLessThan(1e-6);
        expect(priceTable()[`${type}|${size}`]).toBe(Math.round(amount * 100));
      }
    }
  });

  it('prices lines from a table, and totals them only when every line has a price', () => {
    const table = { 'Hot|Pint': 750, 'Hot|Quart': 1250 };
    const lines = priced([item('a', { quantity: 2 }), item('b', { size: 'Quart', quantity: 3 })], table);
    expect(lines.map((line) => line.unitPrice)).toEqual([750, 1250]);
    expect(totalOf(lines)).toBe(2 * 750 + 3 * 1250);
    const unpriced = priced([item('a'), item('c', { type: 'Kosher Dill' })], table);
    expect(unpriced[1]).not.toHaveProperty('unitPrice');
    expect(totalOf(unpriced)).toBeNull();
    expect(totalOf([])).toBe(0);
  });

  it('writes amounts in the shop’s currency, and a card’s prices by size', () => {
    expect(formatPrice(750)).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: SHOP_PRICES.currency }).format(7.5),
    );
    const type = PICKLE_TYPES[0];
    const sizes = SIZES.filter((size) => priceTable()[`${type}|${size}`] !== undefined);
    expect(priceLine(type)).toBe(
      sizes.length
        ? sizes.map((size) => `${size} ${formatPrice(priceTable()[`${type}|${size}`]!)}`).join(' · ')
        : undefined,
    );
  });

  it('puts each line’s amount and the total in the confirmation', () => {
    const items = priced([item('a', { quantity: 2 }), item('b', { size: 'Quart' })], {
      'Hot|Pint': 700,
      'Hot|Quart': 1200,
    });
    const mail = orderConfirmation({ id: 'x', createdAt: '2026-01-01', items }, 'Shop');
    expect(mail.text).toContain(
      `  2 × Hot Pickles, Pint: ${formatPrice(1400)}\n  1 × Hot Pickles, Quart: ${formatPrice(1200)}`,
    );
    expect(mail.text).toContain(`3 jars in all, ${formatPrice(2600)}.`);
  });
});

describe('pickup days', () => {
  const farm = {
    timeZone: 'America/New_York',
    days: ['Wednesday', 'Saturday'],
    hours: '9 to 1',
    noticeDays: 1,
    weeksAhead: 3,
  };

  it('offers the farm’s opening weekdays from its notice on, within the weeks ahead, by the farm’s own date', () => {
    const friday = Date.parse('2026-11-27T17:00:00Z'); // Friday noon at the farm
    const offered = ['2026-11-28', '2026-12-02', '2026-12-05', '2026-12-09', '2026-12-12', '2026-12-16'];
    expect(pickupDays(friday, farm)).toEqual(offered);
    // Past midnight in London but still Friday evening at the farm: the same days.
    expect(pickupDays(Date.parse('2026-11-28T03:00:00Z'), farm)).toEqual(offered);
    // Saturday at the farm: a day's notice leaves out that Saturday.
    expect(pickupDays(Date.parse('2026-11-28T05:30:00Z'), farm)[0]).toBe('2026-12-02');
    expect(pickupDays(friday, { ...farm, noticeDays: 0 })[0]).toBe('2026-11-28');
    expect(pickupDays(friday, { ...farm, days: [] })).toEqual([]);
  });

  it('takes only a day offered now or a moment ago, and says so for another', () => {
    const now = Date.now();
    const [first] = pickupDays(now);
    if (first) expect(pickupProblem(first, now)).toBeUndefined();
    expect(pickupProblem('2020-01-04', now)).toBe('That pickup day is not one the farm offers. Please choose another.');
    // Just past the farm's midnight, the day offered until then still counts.
    const justBefore = Date.parse('2026-11-28T04:50:00Z');
    expect(pickupProblem(pickupDays(justBefore)[0]!, justBefore + 20 * 60_000)).toBeUndefined();
  });

  it('says a day in words with the farm’s hours, in the confirmation too', () => {
    expect(describePickup('2026-12-05')).toBe(`Saturday, December 5, ${SHOP_PICKUP.hours}`);
    const mail = orderConfirmation({ id: 'x', createdAt: '2026-01-01', items: [item('a')], pickup: '2026-12-05' }, 'S');
    expect(mail.text).toContain(
      `Pickup at the farm: Saturday, December 5, ${SHOP_PICKUP.hours}. Please pay when you collect it.`,
    );
    expect(orderConfirmation({ id: 'x', createdAt: '2026-01-01', items: [item('a')] }, 'S').text).toContain(
      'We will be in touch about pickup and payment.',
    );
  });
});
