// The households' RSVP links. A link is /rsvp#<token>: the token rides in the address's fragment,
// which browsers never send, so it reaches no server log, no CDN log and no Referer; the page
// sends it in a request body. The token is derived, not stored: an HMAC-SHA256 of the household's
// key under a key derived from TOKEN_SECRET, cut to LINK_TOKEN_BYTES (192 bits, unguessable). So
// the console and the CLI can show any household's link at any time, while the store holds only
// each token's SHA-256 (weddingKeys.links), which finds the household in one read and gives a
// backup or a leaked read of the store no working link. Changing TOKEN_SECRET changes every link
// (and ends every session): `npm run admin -- guest-links --new-links` then makes the new ones and
// the old ones stop working. The store keeps the fingerprint of the key its links were made with,
// so a CLI run with another TOKEN_SECRET is refused rather than making links that do not work.
import { createHash, createHmac } from 'node:crypto';
import { tokenSecret } from '../../server/token.ts';

/** The token's length in bytes: 192 bits, 32 base64url characters. */
export const LINK_TOKEN_BYTES = 24;
/** What a token looks like; anything else finds no household. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The key links are made with, derived from TOKEN_SECRET for this use only. */
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

/** The link key's fingerprint, kept in the store: it tells which key the store's links were made with, and nothing of the key. */
export function linkFingerprint(key: Buffer = linkKey()): string {
  return createHmac('sha256', key).update('fingerprint').digest('hex').slice(0, 16);
}
