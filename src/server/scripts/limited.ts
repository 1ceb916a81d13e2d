// Scripts that can run within a rate limit: the console's actions, limited per admin in their own
// one round trip (src/server/admin-limit.ts), and run as they are by the operator's tools.
import { COUNT_ATTEMPT } from './rate-limit.ts';
import { type Script, defineScript } from './script.ts';

type Arg = string | number;

export interface LimitedScript<Keys extends string[], Args extends Arg[], Reply> {
  /** The script as it is. */
  plain: Script<Keys, Args, Reply>;
  /**
   * The script after one attempt is counted: KEYS[1] is the counter and ARGV[1], ARGV[2] its max
   * and window, then the plain script's own keys and arguments. Answers {0, reply} when the
   * attempt is within the limit, else {seconds until the window reopens}, having run nothing.
   */
  counted: Script<[counter: string, ...Keys], [max: number, windowSeconds: number, ...Args], [number, Reply?]>;
}

/** Defines a script in its plain and its counted form; `body` reads its own KEYS and ARGV from 1. */
export function defineLimitedScript<Keys extends string[], Args extends Arg[], Reply>(
  body: string,
): LimitedScript<Keys, Args, Reply> {
  return {
    plain: defineScript(body),
    // The body runs as a function that sees its own keys and arguments under the usual names.
    counted: defineScript(`${COUNT_ATTEMPT}
local wait = count_attempt()
if wait > 0 then return {wait} end
local KEYS, ARGV = {unpack(KEYS, 2)}, {unpack(ARGV, 3)}
return {0, (function()
${body}
end)()}`),
  };
}

/**
 * Runs commands atomically and answers their replies (each an integer). KEYS: one key per command.
 * ARGV: per command its argument count, its name and its arguments.
 */
export const runCommands = defineLimitedScript<string[], Arg[], number[]>(`
local replies, at = {}, 1
for k = 1, #KEYS do
  local argc = tonumber(ARGV[at])
  replies[k] = redis.call(ARGV[at + 1], KEYS[k], unpack(ARGV, at + 2, at + 1 + argc))
  at = at + argc + 2
end
return replies`);
