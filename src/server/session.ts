// Sessions that can be ended. Each account holds a random session id (the `session` field of its
// hash) and every token carries the id it was signed with; a signed-in request is served only while
// the account still holds it, checked inside the request's first store call (checkedRead, a
// script's runChecked, writeChecked). Replacing the id (a clearance change, a new password, "log
// out everywhere") or deleting the account ends every earlier token at once: a 401 whose message is
// SESSION_ENDED, on which the browser ends its session (src/platform/api-client.ts).
import { randomBytes } from 'node:crypto';
import type { Pipeline } from '@upstash/redis';
import { AppError } from './app-error.ts';
import { keys, usernameKey } from './keys.ts';
import { type Attempt, type Write, withinRateLimits } from './rate-limit.ts';
import { hashReply, redis } from './redis.ts';
import { SESSION_ENDED, type SessionCheck } from './scripts/script.ts';
import { commandsCall, runCommands } from './scripts/limited.ts';
import { type TokenClaims, signUserToken } from './token.ts';

export { SESSION_ENDED, type SessionCheck };

/** The token's claims with the session check every store call of the request folds in. */
export interface SessionUser extends TokenClaims {
  session: SessionCheck;
  /**
   * The account's key (keys.ts accountKeyOf), the token's subject: what the account's own records
   * are kept under. The session check vouches for it: a session id belongs to one account.
   */
  accountKey: string;
}

/** A new random session id (128 bits). */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** The check for a verified token: its account's hash (by the token's username) and the session id it carries. */
export function sessionCheck(claims: Pick<TokenClaims, 'username' | 'sid'>): SessionCheck {
  return { key: keys.user(usernameKey(claims.username)), sid: claims.sid };
}

/** The signed-in user of a verified token: its claims, its account key and its session check. */
export function sessionUser(claims: TokenClaims): SessionUser {
  return { ...claims, accountKey: claims.sub, session: sessionCheck(claims) };
}

/** The refusal of a token whose session has ended. */
export function sessionEnded(): AppError {
  return new AppError('unauthorized', SESSION_ENDED);
}

/** Adds the read of the account's session id to a pipeline; its reply goes to assertSessionCurrent. */
export function readSessionInto(pipe: Pipeline<[]>, check: SessionCheck): void {
  pipe.hget(check.key, 'session');
}

/** Refuses (401, SESSION_ENDED) unless the account's session id read by readSessionInto is the token's. */
export function assertSessionCurrent(check: SessionCheck, reply: unknown): void {
  if (reply !== check.sid) throw sessionEnded();
}

/**
 * Runs the request's reads in one pipeline with the session check in front (none when `check` is
 * undefined: nobody signed in), refuses an ended session and returns the reads' results.
 */
export async function checkedRead(
  check: SessionCheck | undefined,
  reads: (pipe: Pipeline<[]>) => void,
): Promise<unknown[]> {
  const pipe = redis().pipeline();
  if (check) readSessionInto(pipe, check);
  reads(pipe);
  const results = await pipe.exec();
  if (!check) return results;
  assertSessionCurrent(check, results[0]);
  return results.slice(1);
}

/**
 * Counts the attempts (rate-limit.ts withinRateLimits) and runs the request's reads with the
 * session check in the same round trip (none when `check` is undefined: nobody signed in); refuses
 * an ended session and returns the reads' results.
 */
export async function checkedWithinRateLimits(
  check: SessionCheck | undefined,
  attempts: Attempt[],
  reads: (pipe: Pipeline<[]>) => void = () => {},
): Promise<unknown[]> {
  const results = await withinRateLimits(attempts, (tx) => {
    if (check) readSessionInto(tx, check);
    reads(tx);
  });
  if (!check) return results;
  assertSessionCurrent(check, results[0]);
  return results.slice(1);
}

/**
 * Applies plain writes atomically in one round trip, after the session check (none when `check` is
 * undefined), and returns their integer replies; an ended session writes nothing.
 */
export async function writeChecked(check: SessionCheck | undefined, writes: Write[]): Promise<number[]> {
  if (writes.length === 0) return [];
  return runCommands.plain.runChecked(check, ...commandsCall(writes));
}

/**
 * A fresh token for the same session when the account's stored details (its hash, `stored`, read in
 * the request's checked round trip) are newer than the token's: a raised clearance (the owner let
 * the account into the forum, which keeps its sessions: decideJoin in
 * src/features/forum/scripts.server.ts), or an email, first or last name changed since. The
 * visitor's next read answers the token their browser keeps instead. Undefined otherwise: a lower
 * clearance was set by a demotion, which ends the sessions (the check has refused this one already).
 */
export async function promotedToken(user: SessionUser, stored: unknown): Promise<string | undefined> {
  const hash = hashReply(stored);
  const clearance = Number(hash?.clearance);
  if (!hash?.username || !Number.isInteger(clearance) || clearance < (user.clearance ?? 0)) return undefined;
  const details = {
    username: hash.username,
    firstName: hash.firstName ?? '',
    lastName: hash.lastName ?? '',
    email: hash.email ?? '',
    clearance,
  };
  const same =
    clearance === user.clearance &&
    (['firstName', 'lastName', 'email'] as const).every((field) => details[field] === user[field]);
  if (same) return undefined;
  return signUserToken(user.accountKey, details, user.sid);
}
