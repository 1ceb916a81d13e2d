// The households' RSVP links: /rsvp#<token>. The token rides in the address's fragment, which
// browsers never send (no server log, CDN log or Referer sees it); the page sends it in a body. It
// is derived, not stored, so the console and the CLI can show any link at any time, while the
// store keeps only each token's SHA-256: a backup or a leaked read of the store has no working link.
import { createHash, createHmac } from 'node:crypto';
import { tokenSecret } from '../../server/token.ts';

/** The token's length in bytes: 192 bits, 32 base64url characters. */
export const LINK_TOKEN_BYTES = 24;
/** What a token looks like; anything else finds no household. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The key links are made with, derived from TOKEN_SECRET for this use only: a new TOKEN_SECRET
 * changes every link (`npm run admin -- guest-links --new-links` makes the new ones).
 */
export function linkKey(): Buffer {
  return createHmac('sha256', tokenSecret()).update('wedding-rsvp-links').digest();
}

/** A household's token: its key's HMAC under the link key. */
export function linkToken(guestKey: string, key: Buffer = linkKey()): string {
  return createHmac('sha256', key).update(guestKey).digest().subarray(0, LINK_TOKEN_BYTES).toString('base64url');
}

/** What the store keeps of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The link key's fingerprint, kept in the store: it tells which key the store's links were made
 * with (a CLI run under another TOKEN_SECRET is refused), and nothing of the key.
 */
export function linkFingerprint(key: Buffer = linkKey()): string {
  return createHmac('sha256', key).update('fingerprint').digest('hex').slice(0, 16);
}
