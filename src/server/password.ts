// Password hashing with scrypt (memory-hard, in Node's standard library) and a per-user salt.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { isLocalRun, optionalEnv } from './env.ts';

/**
 * N=2^17, r=8, p=1: OWASP's current scrypt parameters (Password Storage Cheat Sheet). One hash
 * takes 128 MiB and about half a second on a laptop core, in Node's thread pool (never on the
 * event loop). maxmem leaves room for the 128 MiB.
 */
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

interface Params {
  N: number;
  r: number;
  p: number;
}

/**
 * The parameters of a new hash: OWASP's. On a local run (never in production) PASSWORD_SCRYPT_N,
 * a power of two below OWASP's N, lowers N: the tests set it, so that registering a user costs
 * milliseconds. Each hash carries its parameters, so it verifies whatever the setting.
 */
export function hashParams(): Params {
  const n = isLocalRun() ? Number(optionalEnv('PASSWORD_SCRYPT_N')) : NaN;
  const lowered = Number.isInteger(n) && n > 1 && n < PASSWORD_PARAMS.N && (n & (n - 1)) === 0;
  return lowered ? { ...PASSWORD_PARAMS, N: n } : PASSWORD_PARAMS;
}

function derive(password: string, salt: Buffer, { N, r, p }: Params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64 parts), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const { N, r, p } = params;
  const key = await derive(password, salt, params);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Reads the parameters of a stored hash; undefined when it is not one of ours. */
function storedParams(stored: string): (Params & { salt: Buffer; hash: Buffer }) | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= PASSWORD_PARAMS.N &&
    Number.isInteger(params.r) &&
    params.r > 0 &&
    params.r <= PASSWORD_PARAMS.r &&
    Number.isInteger(params.p) &&
    params.p > 0 &&
    params.p <= 16;
  if (scheme !== 'scrypt' || !salt || !hash || !sane) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/**
 * Checks a password against a stored hash in constant time. A hash that is not usable (malformed,
 * or restored without it) never matches, and spends the decoy's time, as an unknown username does.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = storedParams(stored);
  if (!parsed) return verifyAgainstDecoy(password);
  const actual = await derive(password, parsed.salt, parsed);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Tells whether a stored hash was made with weaker parameters than today's (rehash it at the next login). */
export function needsRehash(stored: string): boolean {
  const parsed = storedParams(stored);
  const { N, r, p } = hashParams();
  return !parsed || parsed.N < N || parsed.r < r || parsed.p !== p;
}

/** One decoy hash per cost a new hash is made at. */
const decoys = new Map<number, Promise<string>>();

/** Spends the time of one verification on nothing, so an unknown username answers as slowly as a wrong password. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  const { N } = hashParams();
  if (!decoys.has(N)) decoys.set(N, hashPassword(randomBytes(16).toString('hex')));
  await verifyPassword(password, await decoys.get(N)!);
  return false;
}
