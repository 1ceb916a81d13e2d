// Voting's Lua. A vote is the member '<voter key>\n<option id>' of the poll's votes (keys.server.ts),
// so one voter's votes are the range from '<voter key>\n' to '<voter key>\v'. A vote counts only
// for an option the poll offers; an anonymous name belongs to whoever voted under it first, unless
// an account or a registered voter has it.
import { PROBE_ACCOUNT } from '../../../server/scripts/account-probe.ts';
import { type Wait, defineScript } from '../../../server/scripts/script.ts';

export type ChangeOutcome = 'ok' | 'claimed' | 'taken' | 'no-poll' | 'unknown-option' | 'full' | 'closed' | Wait;

/**
 * Adds or removes one vote; every change raises the poll's version. Refuses a finalised poll
 * ('closed'), a new voter once the poll has `maxVoters` ('full'), and a new anonymous voter once
 * their address's new-voter counter is full (a Wait). An anonymous name is claimed by its first
 * vote (its secret's hash kept in claims), unless an account, a registered voter of the poll or
 * any account of the name (its key `accountKeyPrefix` and digits) has it; looking for the account
 * counts in register's counters (probe_account). A registered voter's first name is copied from
 * their account. A remove that leaves the voter no answers takes them out of the poll's people and
 * the address they left with them; their claim stays theirs. A poll with a digest counts each
 * answer given and each voter new to it in the digest's pending counts.
 */
export const changeVote = defineScript<
  | 'offered'
  | 'people'
  | 'claims'
  | 'votes'
  | 'firstNames'
  | 'account'
  | 'probeNames'
  | 'probeAddress'
  | 'probeName'
  | 'maybe'
  | 'version'
  | 'finals'
  | 'voterCounts'
  | 'newVoters'
  | 'emails'
  | 'digests'
  | 'digestPending',
  {
    pollId: string;
    optionId: string;
    voterKey: string;
    /** The name without 'anon_' in its key form. */
    plainName: string;
    username: string;
    change: 'add' | 'remove';
    answer: 'yes' | 'ifNeedBe';
    anonymous: boolean;
    secretHash: string;
    newSecretHash: string;
    couldBeAccount: boolean;
    probe: { name: string; addressMax: number; addressWindow: number; nameMax: number; nameWindow: number };
    accountKeyPrefix: string;
    maxVoters: number;
    newVotersMax: number;
    newVotersWindow: number;
  },
  ChangeOutcome
>(`${PROBE_ACCOUNT}
local voter = A.voterKey
local vote = voter .. '\\n' .. A.optionId
if redis.call('EXISTS', K.offered) == 0 then return 'no-poll' end
if redis.call('SISMEMBER', K.offered, A.optionId) == 0 then return 'unknown-option' end
if redis.call('HEXISTS', K.finals, A.pollId) == 1 then return 'closed' end
local new_voter = A.change == 'add' and redis.call('HEXISTS', K.people, voter) == 0
if new_voter and redis.call('HLEN', K.people) >= A.maxVoters then return 'full' end
if new_voter and A.anonymous and (tonumber(redis.call('GET', K.newVoters) or '0') or 0) >= A.newVotersMax then
  return 'wait:' .. math.max(redis.call('TTL', K.newVoters), 1)
end
local outcome = 'ok'
if A.anonymous then
  local held = redis.call('HGET', K.claims, voter)
  if held then
    if held ~= A.secretHash then return 'taken' end
  elseif A.change == 'remove' then
    return 'ok'
  else
    if A.couldBeAccount then
      local wait = probe_account(K.probeNames, K.probeAddress, K.probeName, A.probe)
      if wait > 0 then return 'wait:' .. wait end
    end
    local prefix = A.accountKeyPrefix
    if redis.call('EXISTS', K.account) == 1 or redis.call('HEXISTS', K.people, A.plainName) == 1
      or #redis.call('ZRANGE', K.votes, '[' .. prefix, '(' .. prefix .. ':', 'BYLEX', 'LIMIT', 0, 1) > 0 then
      return 'taken'
    end
    redis.call('HSET', K.claims, voter, A.newSecretHash)
    outcome = 'claimed'
  end
end
redis.call('INCR', K.version)
if A.change == 'remove' then
  redis.call('ZREM', K.votes, vote)
  redis.call('SREM', K.maybe, vote)
  local left = redis.call('ZRANGE', K.votes, '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX', 'LIMIT', 0, 1)
  if #left == 0 and redis.call('HDEL', K.people, voter) == 1 then
    redis.call('HDEL', K.firstNames, voter)
    redis.call('HDEL', K.emails, voter)
    redis.call('HINCRBY', K.voterCounts, A.pollId, -1)
  end
  return outcome
end
local digest = redis.call('SISMEMBER', K.digests, A.pollId) == 1
if digest then redis.call('HINCRBY', K.digestPending, A.pollId .. ':answers', 1) end
if redis.call('HSET', K.people, voter, A.username) == 1 then
  redis.call('HINCRBY', K.voterCounts, A.pollId, 1)
  if A.anonymous then count_in(K.newVoters, math.huge, A.newVotersWindow) end
  if digest then redis.call('HINCRBY', K.digestPending, A.pollId .. ':voters', 1) end
end
if not A.anonymous then
  local first = redis.call('HGET', K.account, 'firstName')
  if first then redis.call('HSET', K.firstNames, voter, first) end
end
redis.call('ZADD', K.votes, 0, vote)
if A.answer == 'ifNeedBe' then redis.call('SADD', K.maybe, vote) else redis.call('SREM', K.maybe, vote) end
return outcome`);

/**
 * One voter's votes in a poll: an anonymous name's, or those of the account that has the username
 * now (the `account` field of its hash; the name's key form for an account from before account keys).
 */
export const voterVotes = defineScript<'votes' | 'account', { voterKey: string }, string[]>(`
local voter = redis.call('HGET', K.account, 'account') or A.voterKey
return redis.call('ZRANGE', K.votes, '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX')`);

/**
 * Keeps the address a voter left to hear the decision ('' forgets it): only a voter of the poll
 * may, an anonymous one with their name's claim. 'taken': an anonymous name another browser claimed.
 */
export const setVoterEmail = defineScript<
  'people' | 'claims' | 'emails',
  { voterKey: string; anonymous: boolean; secretHash: string; email: string },
  'ok' | 'not-voter' | 'taken'
>(`
if redis.call('HEXISTS', K.people, A.voterKey) == 0 then return 'not-voter' end
if A.anonymous and redis.call('HGET', K.claims, A.voterKey) ~= A.secretHash then return 'taken' end
if A.email == '' then redis.call('HDEL', K.emails, A.voterKey) else redis.call('HSET', K.emails, A.voterKey, A.email) end
return 'ok'`);
