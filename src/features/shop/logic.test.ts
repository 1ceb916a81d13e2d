import { describe, expect, it } from 'vitest';
import { shop } from '../../content/site.config.ts';
import { describeItem, orderConfirmation } from './logic.ts';
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
