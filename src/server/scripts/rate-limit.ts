// The rate-limit counter every limited script starts with, and the script that counts failures.
import { defineScript } from './script.ts';

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

/**
 * Counts one attempt on each counter, creating it with its window when it is new. KEYS: the
 * counters. ARGV: each counter's window in seconds. Answers nothing useful (0).
 */
export const countEach = defineScript<string[], number[], number>(`
for k = 1, #KEYS do
  redis.call('SET', KEYS[k], 0, 'NX', 'EX', ARGV[k])
  redis.call('INCR', KEYS[k])
end
return 0`);
