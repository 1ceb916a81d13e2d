// Reading a session token in the browser: the user details it carries, and whether they open a
// guarded page. Decoding is not verifying: the server checks the signature on every call.
import type { Permission } from './policy.ts';
import { NO_USER, type UserDetails } from './user-details.ts';

/**
 * What a visitor is told when the server no longer accepts their session (expired, revoked or
 * invalid): the server's refusal of an ended session and the browser's notice say it alike.
 */
export const SESSION_ENDED = 'Your session has ended. Please log in again.';

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
export function decideAccess(token: string | null, user: UserDetails, permission?: Permission): Access {
  if (!token) return 'unauthorized';
  if (permission && user.clearance !== undefined && !permission(user)) return 'unauthorized';
  return 'allowed';
}
