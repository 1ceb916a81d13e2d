import { describe, expect, it } from 'vitest';
import { shop } from '../../content/site.config.ts';
import { SHOP_PRICES } from '../../content/shop/prices.ts';
import {
  PICKLE_TYPES,
  PRICE_TABLE,
  SIZES,
  describeItem,
  formatPrice,
  orderConfirmation,
  priceLine,
  priced,
  totalOf,
} from './logic.ts';
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
        expect(PRICE_TABLE[`${type}|${size}`]).toBe(Math.round(amount * 100));
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
    const sizes = SIZES.filter((size) => PRICE_TABLE[`${type}|${size}`] !== undefined);
    expect(priceLine(type)).toBe(
      sizes.length
        ? sizes.map((size) => `${size} ${formatPrice(PRICE_TABLE[`${type}|${size}`]!)}`).join(' · ')
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
