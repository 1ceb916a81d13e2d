// When orders are collected at the farm: the weekdays it opens for pickup and its hours, in the
// farm's own time zone. A customer chooses one of the next opening days when ordering, at least
// `noticeDays` ahead and within `weeksAhead` weeks; the server takes no other. Leave `days` empty
// and orders name no pickup day, as before.

export interface ShopPickup {
  /** The farm's IANA time zone: its days begin and end there. */
  timeZone: string;
  /** The weekdays it opens for pickup, in English: 'Wednesday', 'Saturday'. */
  days: string[];
  /** Its pickup hours as the order says them. */
  hours: string;
  /** Whole days' notice an order needs: 1 is tomorrow at the earliest. */
  noticeDays: number;
  /** How many weeks ahead a customer may choose. */
  weeksAhead: number;
}

export const SHOP_PICKUP: ShopPickup = {
  timeZone: 'America/New_York',
  days: ['Wednesday', 'Saturday'],
  hours: '9:00 to 13:00',
  noticeDays: 1,
  weeksAhead: 3,
};
