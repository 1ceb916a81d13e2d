// The Lua a script starts with when it may tell whether an account exists (src/server/account-probe.ts).
import { COUNT_IN } from './rate-limit.ts';

/**
 * Lua defining `probe_account(names_key, ip_key, name_key, at)`: counts a look at the account named
 * ARGV[at] in both of register's counters (count_in; max and window of each from
 * ARGV[at + 1 .. at + 4]), unless this address already
 * looked at that name in the window: names_key is the set of the names it looked at, which expires
 * with the address's window. Returns 0 when the look may go ahead, else the seconds until the
 * later window reopens.
 */
export const PROBE_ACCOUNT = `${COUNT_IN}
local function probe_account(names_key, ip_key, name_key, at)
  if redis.call('SISMEMBER', names_key, ARGV[at]) == 1 then return 0 end
  local wait = math.max(count_in(ip_key, ARGV[at + 1], ARGV[at + 2]), count_in(name_key, ARGV[at + 3], ARGV[at + 4]))
  if wait > 0 then return wait end
  redis.call('SADD', names_key, ARGV[at])
  if redis.call('TTL', names_key) < 0 then redis.call('EXPIRE', names_key, ARGV[at + 2]) end
  return 0
end
`;

/** The KEYS a PROBE_ACCOUNT look adds to a script (src/server/account-probe.ts accountProbe). */
export type AccountProbeKeys = [namesLookedAt: string, probesPerAddress: string, probesPerName: string];
/** The ARGV a PROBE_ACCOUNT look adds to a script, from its `at` on. */
export type AccountProbeArgs = [
  nameKey: string,
  addressMax: number,
  addressWindow: number,
  nameMax: number,
  nameWindow: number,
];
