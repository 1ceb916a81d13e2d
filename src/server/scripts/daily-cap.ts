// The daily-cap counters scripts share: a counter per UTC day that is read, then counted only when
// there is room, and that gets its expiry in the same step as its count, so no counter can live
// without one (a script runs atomically: there is no moment between INCRBY and EXPIRE).

/**
 * Lua defining `has_room(key, cap)`, true while the day's counter is below `cap`, `room_left(key, cap)`, how many more
 * it takes (0 at or over it), and `count_day(key, ttl, amount)`, which adds `amount` (1 when nil) to the counter,
 * (re)sets it to expire in `ttl` seconds (the seconds left in the day: src/server/daily-cap.ts's dailyCounter) and
 * answers the new count. A script includes it and calls them with its own KEYS and ARGV.
 */
export const DAILY_COUNT = `
local function has_room(key, cap)
  return tonumber(redis.call('GET', key) or '0') < tonumber(cap)
end
local function room_left(key, cap)
  return math.max(0, tonumber(cap) - tonumber(redis.call('GET', key) or '0'))
end
local function count_day(key, ttl, amount)
  local count = redis.call('INCRBY', key, amount or 1)
  redis.call('EXPIRE', key, ttl)
  return count
end
`;
