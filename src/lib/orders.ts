// A user's order history (GET /api/dhh/orders), as the shop's function answers it and the
// dashboard's "Your Orders" card reads it: shared here because a feature does not import another.

/** How many orders one page of the history holds. */
export const ORDERS_PAGE_SIZE = 5;

/** Where an order's confirmation mail stands (src/server/mail.ts Delivery). */
export type OrderMailState = 'sending' | 'delivered' | 'undelivered' | 'not-sent';

/** One line of a placed order. */
export interface OrderLine {
  item: string;
  type: string;
  size: string;
  quantity: number;
}

/** One order in the history. */
export interface OrderSummary {
  id: string;
  /** When it was placed (ISO 8601). */
  createdAt: string;
  lines: OrderLine[];
  mail: OrderMailState;
}

/** The answer of GET /api/dhh/orders: a page of orders, newest first, and the cursor of the next page, if any. */
export interface OrdersResponse {
  status: 'Success';
  orders: OrderSummary[];
  /** Pass as `before` to read the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The shape of a page cursor: the last shown order's time (ms) and id. */
export const ORDER_CURSOR = /^(\d{1,15}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Builds the cursor that pages past `order`. */
export function orderCursor(order: Pick<OrderSummary, 'id' | 'createdAt'>): string {
  return `${Date.parse(order.createdAt)}:${order.id}`;
}
