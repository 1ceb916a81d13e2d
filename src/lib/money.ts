// Money as the site writes it. Amounts are whole hundredths of a currency's unit (cents), so that
// sums are exact; `currency` is an ISO 4217 code.

/** The formats made so far, by currency: made on first use, as a page that shows no money needs none. */
let formats: Map<string, Intl.NumberFormat> | undefined;

/** An amount in cents in its currency: formatMoney(750, 'USD') is '$7.50'. */
export function formatMoney(cents: number, currency: string): string {
  formats ??= new Map();
  let format = formats.get(currency);
  if (!format) formats.set(currency, (format = new Intl.NumberFormat('en', { style: 'currency', currency })));
  return format.format(cents / 100);
}
