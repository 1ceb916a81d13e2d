// The Lua a script starts with when it may tell whether an account exists (src/server/account-probe.ts).

/**
 * Lua defining `probe_account(ip_key, name_key, argv_at)`: counts one look at an account in both
 * of register's counters (each SET NX EX then INCR, so no counter lives without its window), their
 * max and window read from ARGV[argv_at .. argv_at + 3]. Returns 0 when both are within their
 * limits, else the seconds until the later window reopens.
 */
export const PROBE_ACCOUNT = `
local function count_in(key, max, window)
  redis.call('SET', key, 0, 'NX', 'EX', window)
  if redis.call('INCR', key) <= tonumber(max) then return 0 end
  return math.max(redis.call('TTL', key), 1)
end
local function probe_account(ip_key, name_key, at)
  return math.max(count_in(ip_key, ARGV[at], ARGV[at + 1]), count_in(name_key, ARGV[at + 2], ARGV[at + 3]))
end
`;
