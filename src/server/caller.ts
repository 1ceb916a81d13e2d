// Who a call is made for, always named: a signed-in user, a guest (a visitor without a token, on an
// endpoint open to everyone) or the operator's own tools (seeding, the admin CLI). An endpoint gets
// its caller from its declared access (src/server/http.ts); services take one as a required
// argument, so leaving it out is a type error, never the operator's rights or a skipped session check.
import type { SessionCheck, SessionUser } from './session.ts';

/**
 * A signed-in user as services see one: the username (what others are shown), the account key
 * (what the account's own records are kept under: a name registered again is another account) and
 * the session check their store calls fold in.
 */
export type SignedIn = Pick<SessionUser, 'username' | 'accountKey' | 'session'>;

/** A visitor who sent no token, on an endpoint open to everyone. */
export interface Guest {
  readonly kind: 'guest';
}

/** The operator's own tools (seeding, the admin CLI): trusted, so neither rate limited nor session checked. */
export interface Operator {
  readonly kind: 'operator';
}

export const GUEST: Guest = Object.freeze({ kind: 'guest' });

export const OPERATOR: Operator = Object.freeze({ kind: 'operator' });

/** Anyone a service may act for. */
export type Caller = SignedIn | Guest | Operator;

/** Answers whether the caller is the operator: only the OPERATOR value itself is. */
export function isOperator(caller: Caller): caller is Operator {
  return caller === OPERATOR;
}

/** Answers whether the caller is a signed-in user. */
export function isSignedIn(caller: Caller): caller is SignedIn {
  return 'session' in caller;
}

/** Returns the session check the caller's store calls fold in: a signed-in user's; none for a guest or the operator. */
export function sessionOf(caller: Caller): SessionCheck | undefined {
  return isSignedIn(caller) ? caller.session : undefined;
}
