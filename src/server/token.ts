// Session tokens: HS256 JWTs signed with TOKEN_SECRET. The algorithm is pinned on verify, so a
// token cannot choose how it is checked.
import { SignJWT, errors, jwtVerify } from 'jose';
import type { UserDetails } from '../lib/user-details.ts';
import { AppError } from './app-error.ts';
import { optionalEnv } from './env.ts';
import { MIN_SECRET_BYTES } from './settings.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'portfolio-site';
/** Sessions last a week: long enough for a returning visitor, short enough to limit a leaked token. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims extends UserDetails {
  /**
   * The account's key (keys.ts accountKeyOf): what its own records are kept under, so a name
   * registered again is another subject. A token signed before account keys carries the username
   * key, which is the key of an account registered before them.
   */
  sub: string;
  /**
   * The account's session id when the token was signed. The server accepts the token only while
   * the account still holds it (src/server/session.ts), so replacing it ends every earlier token.
   */
  sid: string;
  exp: number;
}

const encoder = new TextEncoder();

/** Reads the signing secret; an absent or short one is a configuration error, never a default. */
export function tokenSecret(): Uint8Array {
  const value = optionalEnv('TOKEN_SECRET');
  const bytes = value ? encoder.encode(value) : undefined;
  if (!bytes || bytes.length < MIN_SECRET_BYTES) {
    console.error(`TOKEN_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -hex 32).`);
    throw new AppError('unavailable', 'Sign-in is not configured on this server.');
  }
  return bytes;
}

/**
 * Signs a session token for the account `accountKey`, carrying the user's details and the account's current session id.
 */
export async function signUserToken(
  accountKey: string,
  user: UserDetails,
  sessionId: string,
  now = Date.now(),
): Promise<string> {
  const { username, firstName, lastName, email, clearance } = user;
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ username, firstName, lastName, email, clearance, sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(accountKey)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(tokenSecret());
}

/** Verifies a session token and returns its claims, or throws `unauthorized`. */
export async function verifyUserToken(token: string): Promise<TokenClaims> {
  const key = tokenSecret();
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.username !== 'string' ||
      typeof payload.exp !== 'number' ||
      // A token from before sessions could be ended carries no session id: it has ended.
      typeof payload.sid !== 'string'
    ) {
      throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
    }
    return {
      sub: payload.sub,
      sid: payload.sid,
      exp: payload.exp,
      username: payload.username,
      firstName: stringClaim(payload.firstName),
      lastName: stringClaim(payload.lastName),
      email: stringClaim(payload.email),
      ...(typeof payload.clearance === 'number' ? { clearance: payload.clearance } : {}),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) {
      throw new AppError('unauthorized', 'Your session has expired. Please log in again.');
    }
    throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
  }
}

function stringClaim(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
