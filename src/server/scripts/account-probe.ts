// The Lua a script starts with when it may tell whether an account exists (src/server/account-probe.ts).
import { COUNT_IN } from './rate-limit.ts';

/**
 * Lua defining `probe_account(names_key, ip_key, probe)`: counts a look at the account
 * `probe.name` in register's per-address counter (count_in), unless this address already looked at
 * that name in the window (names_key, the set of names it looked at, expires with the address's
 * window). Answers 0 when the look may go ahead, else the seconds until the window reopens.
 */
export const PROBE_ACCOUNT = `${COUNT_IN}
local function probe_account(names_key, ip_key, probe)
  if redis.call('SISMEMBER', names_key, probe.name) == 1 then return 0 end
  local wait = count_in(ip_key, probe.addressMax, probe.addressWindow)
  if wait > 0 then return wait end
  redis.call('SADD', names_key, probe.name)
  if redis.call('TTL', names_key) < 0 then redis.call('EXPIRE', names_key, probe.addressWindow) end
  return 0
end
`;

/** The keys and argument a script starting with PROBE_ACCOUNT takes for a look. */
export interface AccountProbe {
  keys: { probeNames: string; probeAddress: string };
  args: { probe: { name: string; addressMax: number; addressWindow: number } };
}
