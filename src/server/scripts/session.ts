// Sessions that can be ended (src/server/session.ts): the script that gives an older account its
// session id. (Plain writes run checked through scripts/limited.ts's runCommands.)
import { defineScript } from './script.ts';

/**
 * Gives an account a session id when it has none (accounts made before sessions could be ended),
 * and answers the account's session id, or false when there is no such account. KEYS: the user
 * hash. ARGV: the session id to set when there is none.
 */
export const ensureSession = defineScript<[user: string], [sessionId: string], string | null>(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local held = redis.call('HGET', KEYS[1], 'session')
if held and held ~= '' then return held end
redis.call('HSET', KEYS[1], 'session', ARGV[1])
return ARGV[1]`);
