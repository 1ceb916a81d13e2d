// The rate-limit counter every limited script starts with.

/**
 * Lua defining `count_in(key, max, window)`: counts one attempt in a fixed-window counter, created
 * with its window (SET NX EX, then INCR, in one atomic script: no counter lives without its TTL),
 * and returns 0 while it allows `max` attempts, else the seconds until the window reopens. Every
 * script that counts attempts counts them with it.
 */
export const COUNT_IN = `
local function count_in(key, max, window)
  redis.call('SET', key, 0, 'NX', 'EX', window)
  if redis.call('INCR', key) <= tonumber(max) then return 0 end
  return math.max(redis.call('TTL', key), 1)
end
`;
