// The shop's prices: what a jar of each pickle costs, by size, in `currency` (the ISO 4217 code of
// a currency with cents). A price left out shows as none, and an order holding that jar shows no
// total; take `jars` out and the shop shows no prices at all, as a shop that settles them at
// pickup. The server prices every cart and order from this file: a browser's word counts for nothing.

export interface ShopPrices {
  /** An ISO 4217 code: 'USD', 'EUR', 'GBP'. */
  currency: string;
  /** A jar's price by pickle type (as products.yaml names it) and size, in the currency's units: 7.5 for $7.50. */
  jars?: Record<string, Partial<Record<'Pint' | 'Quart', number>>>;
}

export const SHOP_PRICES: ShopPrices = {
  currency: 'USD',
  jars: {
    Hot: { Pint: 7.5, Quart: 12.5 },
    'Bread and Butter': { Pint: 6.5, Quart: 11 },
    'Kosher Dill': { Pint: 7, Quart: 12 },
  },
};
