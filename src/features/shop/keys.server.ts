// The shop's Redis keys. A cart and an account's order index are in src/server/keys.ts, with the
// other records account deletion removes.
import { KEY_PREFIX, keys } from '../../server/keys.ts';

export const shopKeys = {
  cart: keys.cart,
  userOrders: keys.userOrders,
  /**
   * hash {id, username, account (its account key; absent on orders from before), email, items (JSON
   * CartItem[]), createdAt, delivery, deliveryNote, state (the owner's: new, ready or collected; absent is
   * new), prices (JSON orders.ts PriceTable, as placed), pickup (YYYY-MM-DD; absent is none)}; expires a year
   * after it is placed (logic.ts ORDER_RETENTION_DAYS)
   */
  order: (id: string) => `${KEY_PREFIX}order:${id}`,
  /**
   * sorted set of every order id by creation time (ms), for the owner's inbox and the admin CLI; no expiry: each order
   * trims (with their hashes) ids older than the retention
   */
  orders: () => `${KEY_PREFIX}orders`,
  /** string: the time (ms) of the newest order the owner has seen in the inbox; no expiry */
  ordersSeen: () => `${KEY_PREFIX}orders-seen`,
} as const;
