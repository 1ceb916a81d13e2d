// Scheduling polls (src/features/scheduling): a vote counts only for an option the poll offers,
// an anonymous name belongs to whoever voted under it first (unless an account or a registered
// voter has it), and an option leaves a poll with every vote for it. A vote is the member
// '<voter key>\n<option id>' of the poll's votes (see keys.ts).
import { type AccountProbeArgs, type AccountProbeKeys, PROBE_ACCOUNT } from './account-probe.ts';
import { defineLimitedScript } from './limited.ts';
import { defineScript } from './script.ts';

/**
 * What a change did ('no-poll': the poll offers nothing; 'full': a new voter on a poll with its most
 * voters); a number is the seconds
 * to wait, when looking at the name's account is over its limit.
 */
export type ChangeOutcome = 'ok' | 'claimed' | 'taken' | 'no-poll' | 'unknown-option' | 'full' | 'closed' | number;

/**
 * Adds or removes one vote. An anonymous name is claimed by its first vote, unless an account or a
 * registered voter has it; after that it takes the claim's secret. Looking for the account counts
 * in register's counters first (when the name could be an account): over their limit, the answer
 * is the seconds to wait, whether the account exists or not. A registered voter's first name is
 * copied from the account when they vote. KEYS: the poll's offered options, people, claims, votes
 * and first names, the account hash of the voter's name without 'anon_', then the address's names
 * looked at and register's address and name counters. ARGV: option id, voter key (a member's
 * account key), the name without 'anon_' in its key form, username as voted, 'add' or 'remove', '1' when anonymous, the hash of the secret sent
 * ('' if none), the hash of a new secret, the vote, the name's key form, the counters' max and
 * window each, '1' when the name could be an account, the most voters the poll takes: an add by a
 * voter the poll's people lack answers 'full' once it has that many. Then KEYS: the
 * poll's if-need-be votes, its version, the finalised polls and the voter counts; ARGV: the
 * answer ('yes' or 'ifNeedBe') and the poll id. A finalised poll answers 'closed' and changes
 * nothing; every change raises the version. Then KEYS: the address's new-voter counter; ARGV: its
 * allowed new anonymous voters and window: an anonymous name that joins the poll counts there, and
 * once it holds that many, a new one is answered the seconds to wait. Then ARGV: the account key
 * prefix of the name without 'anon_' (keys.ts accountKeyPrefix): a vote by any account of the name
 * (its key that prefix and digits, all below ':') makes the name a registered voter's, taken. A
 * remove that leaves the voter no answers takes them out of the poll's people (their claim stays
 * theirs), so they count against it no more.
 */
export const changeVote = defineScript<
  [
    offered: string,
    people: string,
    claims: string,
    votes: string,
    firstNames: string,
    account: string,
    ...AccountProbeKeys,
    maybe: string,
    version: string,
    finals: string,
    voterCounts: string,
    newVoters: string,
  ],
  [
    optionId: string,
    voterKey: string,
    plainName: string,
    username: string,
    change: 'add' | 'remove',
    anonymous: '1' | '0',
    secretHash: string,
    newSecretHash: string,
    vote: string,
    ...AccountProbeArgs,
    couldBeAccount: '1' | '0',
    maxVoters: number,
    answer: 'yes' | 'ifNeedBe',
    pollId: string,
    newVotersMax: number,
    newVotersWindow: number,
    accountKeyPrefix: string,
  ],
  ChangeOutcome
>(`${PROBE_ACCOUNT}
if redis.call('EXISTS', KEYS[1]) == 0 then return 'no-poll' end
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return 'unknown-option' end
if redis.call('HEXISTS', KEYS[12], ARGV[18]) == 1 then return 'closed' end
if ARGV[5] == 'add' and redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0
  and redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[16]) then return 'full' end
if ARGV[5] == 'add' and ARGV[6] == '1' and redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0
  and (tonumber(redis.call('GET', KEYS[14]) or '0') or 0) >= tonumber(ARGV[19]) then
  return math.max(redis.call('TTL', KEYS[14]), 1)
end
local outcome = 'ok'
if ARGV[6] == '1' then
  local held = redis.call('HGET', KEYS[3], ARGV[2])
  if held then
    if held ~= ARGV[7] then return 'taken' end
  elseif ARGV[5] == 'remove' then
    return 'ok'
  else
    if ARGV[15] == '1' then
      local wait = probe_account(KEYS[7], KEYS[8], KEYS[9], 10)
      if wait > 0 then return wait end
    end
    if redis.call('EXISTS', KEYS[6]) == 1 or redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1
      or #redis.call('ZRANGE', KEYS[4], '[' .. ARGV[21], '(' .. ARGV[21] .. ':', 'BYLEX', 'LIMIT', 0, 1) > 0 then
      return 'taken'
    end
    redis.call('HSET', KEYS[3], ARGV[2], ARGV[8])
    outcome = 'claimed'
  end
end
redis.call('INCR', KEYS[11])
if ARGV[5] == 'remove' then
  redis.call('ZREM', KEYS[4], ARGV[9])
  redis.call('SREM', KEYS[10], ARGV[9])
  local left = redis.call('ZRANGE', KEYS[4], '[' .. ARGV[2] .. '\\n', '(' .. ARGV[2] .. '\\v', 'BYLEX', 'LIMIT', 0, 1)
  if #left == 0 and redis.call('HDEL', KEYS[2], ARGV[2]) == 1 then
    redis.call('HDEL', KEYS[5], ARGV[2])
    redis.call('HINCRBY', KEYS[13], ARGV[18], -1)
  end
  return outcome
end
if redis.call('HSET', KEYS[2], ARGV[2], ARGV[4]) == 1 then
  redis.call('HINCRBY', KEYS[13], ARGV[18], 1)
  if ARGV[6] == '1' then count_in(KEYS[14], math.huge, ARGV[20]) end
end
if ARGV[6] ~= '1' then
  local first = redis.call('HGET', KEYS[6], 'firstName')
  if first then redis.call('HSET', KEYS[5], ARGV[2], first) end
end
redis.call('ZADD', KEYS[4], 0, ARGV[9])
if ARGV[17] == 'ifNeedBe' then redis.call('SADD', KEYS[10], ARGV[9]) else redis.call('SREM', KEYS[10], ARGV[9]) end
return outcome`);

/**
 * One voter's votes in a poll: an anonymous name's, or those of the account that has the username
 * now (the `account` field of its hash, keys.ts accountKeyOf; the name's key form for an account from
 * before account keys, or none). KEYS: the poll's votes, the account hash of the name. ARGV: the
 * name's key form. Answers the votes, each '<voter key>\n<option id>' ('\v', the character after
 * the separator, ends the voter's range).
 */
export const voterVotes = defineScript<[votes: string, account: string], [voterKey: string], string[]>(`
local voter = redis.call('HGET', KEYS[2], 'account') or ARGV[1]
return redis.call('ZRANGE', KEYS[1], '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX')`);

/**
 * Stores each poll's definition, then offers it those options of its list that exist in the
 * catalogue hash. KEYS: the catalogue, the polls hash, then per poll its offered options and its
 * version (raised). ARGV: per poll its id, its definition (JSON), its option count n, then the n
 * option ids. Answers how many options were new to their poll, or -1 when the catalogue is empty.
 */
export const offerExisting = defineLimitedScript<
  [catalogue: string, polls: string, ...offeredAndVersion: string[]],
  (string | number)[],
  number
>(`
local at = 1
for k = 3, #KEYS, 2 do
  redis.call('HSET', KEYS[2], ARGV[at], ARGV[at + 1])
  at = at + tonumber(ARGV[at + 2]) + 3
end
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local added = 0
at = 1
for k = 3, #KEYS, 2 do
  local n = tonumber(ARGV[at + 2])
  for i = at + 3, at + 2 + n do
    if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 then added = added + redis.call('SADD', KEYS[k], ARGV[i]) end
  end
  redis.call('INCR', KEYS[k + 1])
  at = at + n + 3
end
return added`);

/**
 * Deletes the catalogue hash and takes each of its ids out of the polls, with every vote for them.
 * KEYS: the catalogue, then per poll its offered options, its votes and its version (raised).
 * Answers how many ids the catalogue held.
 */
export const dropCatalogue = defineLimitedScript<[catalogue: string, ...offeredVotesVersion: string[]], [], number>(`
local ids = redis.call('HKEYS', KEYS[1])
local dropped = {}
for _, id in ipairs(ids) do dropped[id] = true end
for k = 2, #KEYS, 3 do
  for _, id in ipairs(ids) do redis.call('SREM', KEYS[k], id) end
  for _, vote in ipairs(redis.call('ZRANGE', KEYS[k + 1], 0, -1)) do
    local option = string.sub(vote, string.find(vote, '\\n', 1, true) + 1)
    if dropped[option] then redis.call('ZREM', KEYS[k + 1], vote) end
  end
  redis.call('INCR', KEYS[k + 2])
end
redis.call('DEL', KEYS[1])
return #ids`);

// ----- Polls -----

/**
 * Stores a new poll's definition under its id and offers its options, unless the id is taken or
 * the site has its most polls. KEYS: the polls hash, the poll's offered options. ARGV: the id, the
 * definition (JSON), the most polls, then the option ids. Answers 'ok', 'taken' or 'full'.
 */
export const createPoll = defineLimitedScript<
  [polls: string, offered: string],
  [pollId: string, definition: string, maxPolls: number, ...optionIds: string[]],
  'ok' | 'taken' | 'full'
>(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'taken' end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('DEL', KEYS[2])
redis.call('SADD', KEYS[2], unpack(ARGV, 4))
return 'ok'`);

/**
 * Deletes a made poll with everything voted in it; its version is raised (and kept a day) so an
 * open page notices. KEYS: the polls hash, the finals, the voter counts, the version, then the
 * poll's keys to delete. ARGV: the poll id. Answers 0 when there was no such poll, else 1.
 */
export const deletePoll = defineLimitedScript<
  [polls: string, finals: string, voterCounts: string, version: string, ...pollKeys: string[]],
  [pollId: string],
  number
>(`
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('DEL', unpack(KEYS, 5))
redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], 86400)
return 1`);

/**
 * Finalises a made poll on one of its options, or reopens it (option id ''). KEYS: the polls hash,
 * the poll's offered options, the finals, the version. ARGV: the poll id, the option id. Answers
 * 'ok', 'missing' (no such poll) or 'unknown-option'.
 */
export const decidePoll = defineLimitedScript<
  [polls: string, offered: string, finals: string, version: string],
  [pollId: string, optionId: string],
  'ok' | 'missing' | 'unknown-option'
>(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'missing' end
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[3], ARGV[1])
else
  if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 0 then return 'unknown-option' end
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
end
redis.call('INCR', KEYS[4])
return 'ok'`);

/**
 * Takes a voter out of a poll by the name they voted under (the organiser's moderation): every
 * vote of theirs, their place in the poll's people and its voter count, their first name and
 * their claim, so the name is free again; the version is raised. Every voter under that exact name
 * goes (two accounts that had one name are two voters). KEYS: the poll's votes, its if-need-be
 * votes, people, first names and claims, the voter counts, its version. ARGV: the username as
 * voted, the poll id. Answers how many votes were removed, or -1 when no voter has that name.
 */
export const removeVoter = defineLimitedScript<
  [
    votes: string,
    maybe: string,
    people: string,
    firstNames: string,
    claims: string,
    voterCounts: string,
    version: string,
  ],
  [username: string, pollId: string],
  number
>(`
local people = redis.call('HGETALL', KEYS[3])
local removed, found = 0, false
for i = 1, #people, 2 do
  if people[i + 1] == ARGV[1] then
    local voter = people[i]
    found = true
    redis.call('HDEL', KEYS[3], voter)
    local votes = redis.call('ZRANGE', KEYS[1], '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX')
    for _, vote in ipairs(votes) do
      redis.call('ZREM', KEYS[1], vote)
      redis.call('SREM', KEYS[2], vote)
    end
    redis.call('HDEL', KEYS[4], voter)
    redis.call('HDEL', KEYS[5], voter)
    redis.call('HINCRBY', KEYS[6], ARGV[2], -1)
    removed = removed + #votes
  end
end
if not found then return -1 end
redis.call('INCR', KEYS[7])
return removed`);
