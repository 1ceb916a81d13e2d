// Pure account rules for the browser: the greetings. The rules that need the store's atomicity are
// in scripts.server.ts.
import { type UserDetails, displayName } from '../../lib/user-details.ts';

/** Returns the shop home's greeting for the session (spec section 2, Shop). */
export function shopGreeting(user: UserDetails): string {
  if (!user.username) return 'Please login to place orders.';
  return `Hello, ${displayName(user)}! Follow the links at the top right to submit an order.`;
}
