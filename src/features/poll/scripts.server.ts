// The one-question poll's vote: a closed question takes no vote, one vote per voter and question,
// no anonymous vote under an account's name, and a question takes a bounded number of voters, so
// its public results stay a bounded read.
import type { AccountProbe } from '../../server/scripts/account-probe.ts';
import { PROBE_ACCOUNT } from '../../server/scripts/account-probe.ts';
import { type PassSpend, SPEND_PASS } from '../../server/scripts/bot-pass.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { type Wait, defineScript } from '../../server/scripts/script.ts';

/**
 * Records a vote under `voterKey` (a member's account key, so a name registered again is another
 * voter) unless the question is closed, by the owner (`K.closed`) or by its end time (`K.ends`, ms,
 * reached at `A.now`), checked here so that no vote lands after either; or the voter already voted;
 * or the question has its most voters. An anonymous vote under a name an account has, or in an
 * account key's form, is refused ('taken'), the look counted in register's counters first
 * (probe_account) when the name could be an account. A voter new to the question, signed in or not,
 * counts in `newVoters`; once it holds `newVotersMax`, the next waits. An anonymous vote spends the
 * request's bot pass (`K.pass`, set once for `A.passSeconds`; 'pass-used' when it has served
 * already), unless the check is off (`A.passSeconds` 0).
 */
export const castVote = defineScript<
  'votes' | 'account' | 'newVoters' | 'closed' | 'ends' | keyof PassSpend['keys'] | keyof AccountProbe['keys'],
  {
    voterKey: string;
    now: number;
    vote: string;
    anonymous: boolean;
    couldBeAccount: boolean;
    maxVoters: number;
    newVotersMax: number;
    newVotersWindow: number;
  } & AccountProbe['args'] &
    PassSpend['args'],
  'added' | 'already' | 'closed' | 'taken' | 'full' | 'pass-used' | Wait
>(`${PROBE_ACCOUNT}${SPEND_PASS}
if redis.call('EXISTS', K.closed) == 1 then return 'closed' end
local ends = tonumber(redis.call('GET', K.ends) or '')
if ends and A.now >= ends then return 'closed' end
if A.anonymous and string.match(A.voterKey, '^[%w_.%-]+#%d+$') then return 'taken' end
if A.anonymous and A.couldBeAccount then
  local wait = probe_account(K.probeNames, K.probeAddress, A.probe)
  if wait > 0 then return 'wait:' .. wait end
  if redis.call('EXISTS', K.account) == 1 then return 'taken' end
end
if redis.call('HEXISTS', K.votes, A.voterKey) == 1 then return 'already' end
if redis.call('HLEN', K.votes) >= A.maxVoters then return 'full' end
if (tonumber(redis.call('GET', K.newVoters) or '0') or 0) >= A.newVotersMax then
  return 'wait:' .. math.max(redis.call('TTL', K.newVoters), 1)
end
if not spend_pass(K.pass, A.passSeconds) then return 'pass-used' end
count_in(K.newVoters, math.huge, A.newVotersWindow)
redis.call('HSET', K.votes, A.voterKey, A.vote)
return 'added'`);

/**
 * Takes off a question the vote of the name (lower-cased, `name`): an anonymous one's, and the
 * vote of the account that has the name now (its `account` field; the name itself for an account
 * from before account keys). Answers how many votes went.
 */
export const removeVote = defineLimitedScript<'votes' | 'account', { name: string }, number>(`
local removed = redis.call('HDEL', K.votes, A.name)
local account = redis.call('HGET', K.account, 'account')
if account then removed = removed + redis.call('HDEL', K.votes, account) end
return removed`);

/**
 * Moves each member's vote on a question from under their name to under their account key, for
 * votes from before account keys: a field naming an account that has a key of its own. Answers how
 * many moved.
 */
export const migrateVotes = defineLimitedScript<'votes', { userPrefix: string }, number>(`
local fields, moved = redis.call('HKEYS', K.votes), 0
for _, name in ipairs(fields) do
  local account = redis.call('HGET', A.userPrefix .. name, 'account')
  if account and account ~= name and redis.call('HEXISTS', K.votes, account) == 0 then
    redis.call('HSET', K.votes, account, redis.call('HGET', K.votes, name))
    redis.call('HDEL', K.votes, name)
    moved = moved + 1
  end
end
return moved`);

/** Reopens a question: takes away the owner's closed flag, and its end time when `A.now` has reached it. */
export const reopen = defineLimitedScript<'closed' | 'ends', { now: number }, 'reopened'>(`
redis.call('DEL', K.closed)
local ends = tonumber(redis.call('GET', K.ends) or '')
if ends and A.now >= ends then redis.call('DEL', K.ends) end
return 'reopened'`);
