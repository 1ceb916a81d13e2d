// Comments' Lua: a poll's comments are one list of JSON, oldest first; each change raises the poll's version.
import { COUNT_IN } from '../../../server/scripts/rate-limit.ts';
import { defineLimitedScript } from '../../../server/scripts/limited.ts';
import { type Wait, defineScript } from '../../../server/scripts/script.ts';
import { type Acting, MAY_ORGANISE } from '../organising/scripts.server.ts';

/**
 * Adds a comment to a poll that takes it, within the poll's cap and the address's (counted only for a comment added).
 */
export const addComment = defineScript<
  'polls' | 'commentsOff' | 'comments' | 'state' | 'addressCounter',
  { pollId: string; comment: string; maxComments: number; perAddressMax: number; perAddressWindow: number },
  'ok' | 'no-poll' | 'off' | 'full' | Wait
>(`${COUNT_IN}
if redis.call('HEXISTS', K.polls, A.pollId) == 0 then return 'no-poll' end
if redis.call('SISMEMBER', K.commentsOff, A.pollId) == 1 then return 'off' end
if redis.call('LLEN', K.comments) >= A.maxComments then return 'full' end
local wait = count_in(K.addressCounter, A.perAddressMax, A.perAddressWindow)
if wait > 0 then return 'wait:' .. wait end
redis.call('RPUSH', K.comments, A.comment)
redis.call('HINCRBY', K.state, 'version', 1)
return 'ok'`);

/** Deletes a comment by its id, for its member author (the account in its JSON) or the poll's organiser or an admin. */
export const deleteComment = defineLimitedScript<
  'comments' | 'organisers' | 'state',
  Acting & { pollId: string; commentId: string },
  'deleted' | 'missing' | 'not-theirs'
>(`${MAY_ORGANISE}
for _, json in ipairs(redis.call('LRANGE', K.comments, 0, -1)) do
  local comment = cjson.decode(json)
  if comment.id == A.commentId then
    local author = A.caller ~= '' and comment.account == A.caller
    if not author and not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return 'not-theirs' end
    redis.call('LREM', K.comments, 1, json)
    redis.call('HINCRBY', K.state, 'version', 1)
    return 'deleted'
  end
end
return 'missing'`);
