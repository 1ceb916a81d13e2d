// Pure account rules for the browser: reading the session's user details from its token.
// Rules that need the store's atomicity live in Redis scripts (src/server/scripts/auth.ts):
// - an account is created whole, and only while its username is free in any letter case;
// - a clearance change applies only to an existing account, never bringing back a deleted one.
import { NO_USER, type UserDetails } from '../../lib/user-details.ts';

/** Reads the user details from a token's middle (payload) segment; throws when it is not one. */
export function decodeUserDetails(token: string): UserDetails {
  const [, payload] = token.split('.');
  if (!payload) throw new Error('The token has no payload segment.');
  const base64 = payload
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof claims !== 'object' || claims === null) throw new Error('The token payload is not an object.');
  const record = claims as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    username: text(record.username),
    firstName: text(record.firstName),
    lastName: text(record.lastName),
    email: text(record.email),
    ...(typeof record.clearance === 'number' ? { clearance: record.clearance } : {}),
  };
}

/** Returns the session's user details: empty without a token, and empty (with a logged error) for a bad one. */
export function userFromToken(token: string | null): UserDetails {
  if (!token) return NO_USER;
  try {
    return decodeUserDetails(token);
  } catch (error) {
    console.error('Could not decode the session token:', error);
    return NO_USER;
  }
}

export type Access = 'allowed' | 'unauthorized';

/**
 * Decides a protected route (spec section 4): no token goes to /unauthorized; a clearance that is
 * present and below the level does too; a token without a clearance passes. The server checks again.
 */
export function decideAccess(token: string | null, user: UserDetails, level?: number): Access {
  if (!token) return 'unauthorized';
  if (level !== undefined && user.clearance !== undefined && user.clearance < level) return 'unauthorized';
  return 'allowed';
}

/** Names the user the way the site greets them: first name when known, else username. */
export function displayName(user: UserDetails): string {
  return user.firstName.trim() || user.username;
}

/** Returns the shop home's greeting for the session (spec section 2, Shop). */
export function shopGreeting(user: UserDetails): string {
  if (!user.username) return 'Please login to place orders.';
  return `Hello, ${displayName(user)}! Follow the links at the top right to submit an order.`;
}
