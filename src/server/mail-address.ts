// Verified addresses: the site mails an address other than the owner's only once its holder has
// confirmed it, from a link the site mailed to it (src/server/mail.ts askToConfirm sends that link,
// and deliverMail refuses any other address). What an address's holder said is one hash field
// (keys.mailAddresses); the links are signed, so nothing is stored until someone clicks one.
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from './app-error.ts';
import { keys } from './keys.ts';
import { redis } from './redis.ts';
import { tokenSecret } from './token.ts';

/** What an address's holder has said: confirmed it wants the site's mail, asked for none, or nothing yet. */
export type AddressState = 'confirmed' | 'unsubscribed' | 'unknown';

/** An address as the store keeps it: one entry per mailbox however it is typed. */
export const normalAddress = (address: string): string => address.trim().toLowerCase();

/**
 * What a mailed link does:
 * - `confirm`: its holder wants the site's mail at `address`. With `account`, that account's email
 *   is `address`, verified (`change`: it replaces the account's email, which it did not before).
 * - `unsubscribe`: no more mail to `address` (it never expires; the same link subscribes again).
 * - `reset`: sets a new password on `account`, while its password is still the one whose hash ends
 *   in `stamp` (so the link serves once); it expires within the hour.
 */
export type MailLink =
  | { purpose: 'confirm'; address: string; account?: string; change?: boolean }
  | { purpose: 'unsubscribe'; address: string }
  | { purpose: 'reset'; account: string; stamp: string };

/** How long a link works: a week to confirm, an hour to reset a password, always to unsubscribe. */
export const LINK_LIFETIME_SECONDS = { confirm: 7 * 24 * 3600, reset: 3600 } as const;

// Not a session token's issuer, so neither kind of token is ever taken for the other.
const ISSUER = 'portfolio-site:mail-link';

/** Signs a link's token. */
export async function signMailLink(link: MailLink, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const jwt = new SignJWT({ ...link }).setProtectedHeader({ alg: 'HS256' }).setIssuer(ISSUER).setIssuedAt(issuedAt);
  if (link.purpose !== 'unsubscribe') jwt.setExpirationTime(issuedAt + LINK_LIFETIME_SECONDS[link.purpose]);
  return jwt.sign(tokenSecret());
}

/** Messages of a link that cannot serve. */
export const LINK_TEXT = {
  invalid: 'This link is not valid. Please use the latest link the site mailed you.',
  expired: 'This link has expired. Please ask for a new one.',
} as const;

/** Reads a link's token for one of `purposes`; a forged, altered, expired or other link is `bad_request`. */
export async function readMailLink<P extends MailLink['purpose']>(
  token: string,
  purposes: readonly P[],
): Promise<Extract<MailLink, { purpose: P }>> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, tokenSecret(), { algorithms: ['HS256'], issuer: ISSUER }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const expired = error instanceof Error && 'code' in error && error.code === 'ERR_JWT_EXPIRED';
    throw new AppError('bad_request', expired ? LINK_TEXT.expired : LINK_TEXT.invalid);
  }
  if (!purposes.includes(payload.purpose as P)) throw new AppError('bad_request', LINK_TEXT.invalid);
  return payload as Extract<MailLink, { purpose: P }>;
}

/** What the holder of `address` has said (one read). */
export async function addressState(address: string): Promise<AddressState> {
  const state = await redis().hget<string>(keys.mailAddresses(), normalAddress(address));
  return state === 'confirmed' || state === 'unsubscribed' ? state : 'unknown';
}

/** Records what the holder of `address` said, from a link the site mailed them. */
export async function setAddressState(address: string, state: Exclude<AddressState, 'unknown'>): Promise<void> {
  await redis().hset(keys.mailAddresses(), { [normalAddress(address)]: state });
}
