// What the owner has seen in the inbox, kept as a time: the newest record shown (ms). Later
// records count as new until the owner looks again.
import { defineLimitedScript } from './limited.ts';

/** Raises the time kept in `seen` to `upTo` (ms); an earlier time (another tab's) changes nothing. */
export const markSeen = defineLimitedScript<'seen', { upTo: number }, 'done'>(`
if A.upTo > tonumber(redis.call('GET', K.seen) or '0') then redis.call('SET', K.seen, A.upTo) end
return 'done'`);
