import type { Context } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Returns the visitor's address as per-address limits count it: Netlify's verified one, never a
 * client-supplied header. An IPv6 address counts as its /64 network, since one subscriber is
 * usually handed a whole /64 and could otherwise take a fresh address for every request.
 */
export function clientAddress(req: Request, context: Context | undefined): string {
  // x-nf-client-connection-ip is set by Netlify's edge (and by scripts/site-server.ts); the
  // fallback lets tests that call functions directly choose an address.
  return addressSubject(context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown');
}

/** An address as a record may carry it: hashed, so the record does not show it. */
export function addressTag(address: string): string {
  return createHash('sha256').update(address).digest('base64url').slice(0, 22);
}

/**
 * The subject a rate limit counts for an address: an IPv4 address as it is (an IPv4-mapped IPv6
 * address is its IPv4 address), an IPv6 address as its /64 prefix in full form, e.g.
 * '2001:db8:0:1::/64'; anything else unchanged.
 */
export function addressSubject(address: string): string {
  const plain = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const groups = expandIPv6(plain.toLowerCase());
  const mapped = groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff';
  if (mapped)
    return [groups[6]!, groups[7]!].flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]).join('.');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, each without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing dotted IPv4 part ('::ffff:1.2.3.4') stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
