// Whether an account exists is something register tells ("That username is already taken"), held
// to its per-address limit. Any other endpoint that refuses a name because an account has it (an
// anonymous vote under a registered name) counts the look in register's own counter first: together
// they tell no more, and no faster, than register alone. A name an address has looked at in the
// window counts once (a family voting under its names uses one look per name). Nothing is counted
// per name, which a few addresses could spend for everyone.
import { keys, usernameKey } from './keys.ts';
import { type RateLimit, attemptCounter } from './rate-limit.ts';
import type { AccountProbe } from './scripts/account-probe.ts';

/**
 * Register's per-address limit (src/features/auth/service.server.ts LIMITS registerPerAddress, the
 * same bucket; a test holds them equal).
 */
export const ACCOUNT_PROBE_LIMITS = {
  perAddress: { bucket: 'register-ip', max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

/** Register's username rule (src/features/auth/schema.ts USERNAME_PATTERN; a test holds them equal). */
const ACCOUNT_NAME = /^[A-Za-z0-9_.-]{3,32}$/;

/** True when some account could have this name; no other name tells anything about accounts. */
export const couldBeAccountName = (name: string): boolean => ACCOUNT_NAME.test(name.trim());

/**
 * What a script starting with PROBE_ACCOUNT takes to count a look at the account `name` from
 * `address`: `probe_account(K.probeNames, K.probeAddress, A.probe)`.
 */
export function accountProbe(address: string, name: string): AccountProbe {
  const subject = usernameKey(name);
  const [probeAddress, addressMax, addressWindow] = attemptCounter([ACCOUNT_PROBE_LIMITS.perAddress, address]);
  return {
    keys: { probeNames: keys.accountLookups(address), probeAddress },
    args: { probe: { name: subject, addressMax, addressWindow } },
  };
}
