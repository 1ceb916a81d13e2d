// Sessions that can be ended (src/server/session.ts): the script that gives an older account its
// session id. (Plain writes run checked through scripts/limited.ts's runCommands.)
import { defineScript } from './script.ts';

/**
 * Gives an account a session id when it has none (accounts made before sessions could be ended);
 * answers the account's session id, or 'none' when there is no such account.
 */
export const ensureSession = defineScript<'user', { sessionId: string }, string>(`
if redis.call('EXISTS', K.user) == 0 then return 'none' end
local held = redis.call('HGET', K.user, 'session')
if held and held ~= '' then return held end
redis.call('HSET', K.user, 'session', A.sessionId)
return A.sessionId`);
