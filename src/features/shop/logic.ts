// Pure rules of the shop: wording the confirmation mail.
import type { CartItem } from './schema.ts';

/** Describes a cart line for people, e.g. '3 × Hot Pickles, Quart'. */
export function describeItem(item: Pick<CartItem, 'quantity' | 'type' | 'item' | 'size'>): string {
  return `${item.quantity} × ${item.type} ${item.item}, ${item.size}`;
}

/** Composes the confirmation mail for an order. */
export function orderConfirmation(
  order: { id: string; username: string; items: CartItem[]; createdAt: string },
  shopName: string,
): { subject: string; text: string } {
  const jars = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    subject: `Your ${shopName} order`,
    text: [
      `Hello ${order.username},`,
      '',
      `Thank you for your order. We received it on ${order.createdAt.slice(0, 10)}:`,
      '',
      ...order.items.map((item) => `  ${describeItem(item)}`),
      '',
      `${jars} jar${jars === 1 ? '' : 's'} in all. We will be in touch about pickup and payment.`,
      '',
      `Order reference: ${order.id}`,
      '',
      '-- ',
      `${shopName} (a demo shop: nothing will actually be delivered)`,
    ].join('\n'),
  };
}
