// What the owner has seen in the inbox, or a member of their notifications, kept as a time: the
// newest record shown (ms). Later records count as new until they look again.
import { defineLimitedScript } from './limited.ts';

/**
 * Raises the time kept in `seen` to `upTo` (ms); an earlier time (another tab's) changes nothing.
 * With `keepSeconds`, the time is kept that long from now.
 */
export const markSeen = defineLimitedScript<'seen', { upTo: number; keepSeconds?: number }, 'done'>(`
if A.upTo > tonumber(redis.call('GET', K.seen) or '0') then redis.call('SET', K.seen, A.upTo) end
if A.keepSeconds then redis.call('EXPIRE', K.seen, A.keepSeconds) end
return 'done'`);
