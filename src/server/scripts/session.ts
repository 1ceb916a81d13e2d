// Sessions that can be ended (src/server/session.ts): a script that runs plain commands, for the
// writes a request would otherwise pipeline (run checked, after script.ts's SESSION_PRELUDE, they
// never happen for an ended session), and one that gives an older account its session id.
import { defineScript } from './script.ts';

/**
 * Runs plain commands atomically, each on one key, and answers their (integer) replies in order:
 * for writes a request would otherwise pipeline, so that run checked they never happen for an
 * ended session. KEYS: one key per command. ARGV: per command its argument count, its name and its
 * arguments after the key.
 */
export const runCommands = defineScript<string[], (string | number)[], number[]>(`
local replies, at = {}, 1
for k = 1, #KEYS do
  local argc = tonumber(ARGV[at])
  replies[k] = redis.call(ARGV[at + 1], KEYS[k], unpack(ARGV, at + 2, at + 1 + argc))
  at = at + argc + 2
end
return replies`);

/**
 * Gives an account a session id when it has none (accounts made before sessions could be ended),
 * and answers the account's session id, or false when there is no such account. KEYS: the user
 * hash. ARGV: the session id to set when there is none.
 */
export const ensureSession = defineScript<[user: string], [sessionId: string], string | null>(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSETNX', KEYS[1], 'session', ARGV[1])
return redis.call('HGET', KEYS[1], 'session')`);
