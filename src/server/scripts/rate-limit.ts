// The rate-limit counter every limited script starts with.

/**
 * Lua defining `count_attempt()`: counts one attempt in KEYS[1], a fixed-window counter allowing
 * ARGV[1] attempts per ARGV[2] seconds, and returns 0 when the attempt is within the limit, else
 * the seconds until the window reopens. A script that starts with it takes its own keys from
 * KEYS[2] and its own arguments from ARGV[3].
 */
export const COUNT_ATTEMPT = `
local function count_attempt()
  redis.call('SET', KEYS[1], 0, 'NX', 'EX', ARGV[2])
  if redis.call('INCR', KEYS[1]) <= tonumber(ARGV[1]) then return 0 end
  return math.max(redis.call('TTL', KEYS[1]), 1)
end
`;
