// The daily-cap counters scripts share: a counter per UTC day that is read, then counted only when
// there is room, and that gets its expiry in the same step as its first count, so no counter can
// live without one (a script runs atomically: there is no moment between INCR and EXPIREAT).

/**
 * Lua defining `has_room(key, cap)`, true while the day's counter is below `cap`, and
 * `count_day(key, expire_at)`, which counts one and (re)sets the counter to expire at `expire_at`
 * (unix seconds: the day's end). A script includes it and calls them with its own KEYS and ARGV.
 */
export const DAILY_COUNT = `
local function has_room(key, cap)
  return tonumber(redis.call('GET', key) or '0') < tonumber(cap)
end
local function count_day(key, expire_at)
  redis.call('INCR', key)
  redis.call('EXPIREAT', key, expire_at)
end
`;
