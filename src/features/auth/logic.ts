// Pure account rules for the browser: the greetings. (Reading the session token is src/lib/session-token.ts.)
// Rules that need the store's atomicity live in Redis scripts (src/server/scripts/auth.ts):
// - an account is created whole, and only while its username is free in any letter case;
// - a clearance change applies only to an existing account, never bringing back a deleted one.
import { type UserDetails, displayName } from '../../lib/user-details.ts';

/** Returns the shop home's greeting for the session (spec section 2, Shop). */
export function shopGreeting(user: UserDetails): string {
  if (!user.username) return 'Please login to place orders.';
  return `Hello, ${displayName(user)}! Follow the links at the top right to submit an order.`;
}
