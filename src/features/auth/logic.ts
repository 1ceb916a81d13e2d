// Pure account rules for the browser: the greetings, and what a reset link's request answers. The
// rules that need the store's atomicity are in scripts.server.ts.
import { type UserDetails, displayName } from '../../lib/user-details.ts';

/** Returns the shop home's greeting for the session (spec section 2, Shop). */
export function shopGreeting(user: UserDetails): string {
  if (!user.username) return 'Please login to place orders.';
  return `Hello, ${displayName(user)}! Follow the links at the top right to submit an order.`;
}

/** What anyone asking for a reset link hears, whether or not the name exists or has a verified email. */
export const RESET_ASKED =
  'If that account has a verified email, a link to choose a new password is on its way to it. It works for an hour.';
