// Scheduling polls (src/features/scheduling): a vote counts only for an option the poll offers,
// an anonymous name belongs to whoever voted under it first (unless an account or a registered
// voter has it), and an option leaves a poll with every vote for it. A vote is the member
// '<voter key>\n<option id>' of the poll's votes (see keys.ts).
import { type AccountProbeArgs, type AccountProbeKeys, PROBE_ACCOUNT } from './account-probe.ts';
import { defineLimitedScript } from './limited.ts';
import { COUNT_IN } from './rate-limit.ts';
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
 * theirs), so they count against it no more, and the address they left goes with them. Then KEYS:
 * the poll's voters' addresses, the polls with a digest, the digest's pending counts: a poll with a
 * digest counts each answer given ('<poll id>:answers') and each voter new to it ('<poll id>:voters').
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
    emails: string,
    digests: string,
    digestPending: string,
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
    redis.call('HDEL', KEYS[15], ARGV[2])
    redis.call('HINCRBY', KEYS[13], ARGV[18], -1)
  end
  return outcome
end
local digest = redis.call('SISMEMBER', KEYS[16], ARGV[18]) == 1
if digest then redis.call('HINCRBY', KEYS[17], ARGV[18] .. ':answers', 1) end
if redis.call('HSET', KEYS[2], ARGV[2], ARGV[4]) == 1 then
  redis.call('HINCRBY', KEYS[13], ARGV[18], 1)
  if ARGV[6] == '1' then count_in(KEYS[14], math.huge, ARGV[20]) end
  if digest then redis.call('HINCRBY', KEYS[17], ARGV[18] .. ':voters', 1) end
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

// The organiser's check, first in each script that changes a made poll: ARGV names the caller's
// account key and '1' when they administer the site (clearance 3, or the operator's tools); the
// organisers hash (its KEYS index given) names the account that made the poll, if a member did.
const MAY_ORGANISE = `
local function may_organise(organisers, poll_id, caller, admin)
  if admin == '1' then return true end
  return caller ~= '' and redis.call('HGET', organisers, poll_id) == caller
end
`;

/**
 * Stores a new poll's definition under its id and offers its options, unless the id is taken or
 * its organiser (but an admin) has their most polls: ARGV[5] open ones (not finalised) or ARGV[6]
 * in all; the poll takes the next place in the console's list and, made by a member, in theirs.
 * KEYS: the polls hash, the poll's offered options, the index, the sequence, the organisers, the
 * organiser's polls, the finals. ARGV: the id, the definition (JSON), the organiser's account key
 * ('' for the operator's tools, whose polls are nobody's), '1' for an admin, the most open polls
 * and polls in all, then the option ids. Answers 'ok', 'taken', 'too-many-open' or 'too-many'.
 */
export const createPoll = defineLimitedScript<
  [
    polls: string,
    offered: string,
    index: string,
    sequence: string,
    organisers: string,
    organised: string,
    finals: string,
  ],
  [
    pollId: string,
    definition: string,
    organiser: string,
    admin: '1' | '0',
    maxOpen: number,
    maxPolls: number,
    ...optionIds: string[],
  ],
  'ok' | 'taken' | 'too-many-open' | 'too-many'
>(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'taken' end
if ARGV[4] ~= '1' then
  local made = redis.call('ZRANGE', KEYS[6], 0, -1)
  if #made >= tonumber(ARGV[6]) then return 'too-many' end
  local open = 0
  for _, id in ipairs(made) do
    if redis.call('HEXISTS', KEYS[7], id) == 0 then open = open + 1 end
  end
  if open >= tonumber(ARGV[5]) then return 'too-many-open' end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('DEL', KEYS[2])
redis.call('SADD', KEYS[2], unpack(ARGV, 7))
local place = redis.call('INCR', KEYS[4])
redis.call('ZADD', KEYS[3], place, ARGV[1])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[5], ARGV[1], ARGV[3])
  redis.call('ZADD', KEYS[6], place, ARGV[1])
end
return 'ok'`);

/**
 * A page of made polls, newest first: at most ARGV[2] of those placed below ARGV[1] ('+inf' for the
 * newest, '(<place>' for those before a place) in the index KEYS[1] (the console's, or one
 * organiser's), then the polls ARGV[3..] name (the configured ones, on the console's first page),
 * each with its definition, decision, voter count, organiser and settings. KEYS: the index, the
 * polls hash, the finals, the voter counts, the organisers, the polls with comments off, the polls
 * with a digest. Answers {'1' when older ones remain else '0', then per stored poll its id, place
 * ('' for a named one), definition, decision, voter count, organiser ('' for none), '1' when its
 * comments are off and '1' when it has a digest}.
 */
export const listPolls = defineLimitedScript<
  [
    index: string,
    polls: string,
    finals: string,
    voterCounts: string,
    organisers: string,
    commentsOff: string,
    digests: string,
  ],
  [below: string, count: number, ...pollIds: string[]],
  string[]
>(`
local wanted = tonumber(ARGV[2])
local rows = redis.call('ZREVRANGEBYSCORE', KEYS[1], ARGV[1], '-inf', 'WITHSCORES', 'LIMIT', 0, wanted + 1)
local reply = {'0'}
local function add(id, place)
  local definition = redis.call('HGET', KEYS[2], id)
  if not definition then return end
  reply[#reply + 1] = id
  reply[#reply + 1] = place
  reply[#reply + 1] = definition
  reply[#reply + 1] = redis.call('HGET', KEYS[3], id) or ''
  reply[#reply + 1] = redis.call('HGET', KEYS[4], id) or '0'
  reply[#reply + 1] = redis.call('HGET', KEYS[5], id) or ''
  reply[#reply + 1] = tostring(redis.call('SISMEMBER', KEYS[6], id))
  reply[#reply + 1] = tostring(redis.call('SISMEMBER', KEYS[7], id))
end
for i = 1, #rows, 2 do
  if (i + 1) / 2 > wanted then reply[1] = '1' else add(rows[i], rows[i + 1]) end
end
for i = 3, #ARGV do add(ARGV[i], '') end
return reply`);

/**
 * Gives every made poll the index lacks its place (a store from before polls had places), oldest
 * first; the polls ARGV names (the configured ones) are left out. KEYS: the polls hash, the index,
 * the sequence. Answers how many polls it placed.
 */
export const indexPolls = defineLimitedScript<[polls: string, index: string, sequence: string], string[], number>(`
local configured = {}
for _, id in ipairs(ARGV) do configured[id] = true end
local polls = redis.call('HGETALL', KEYS[1])
local missing = {}
for i = 1, #polls, 2 do
  local id = polls[i]
  if not configured[id] and not redis.call('ZSCORE', KEYS[2], id) then
    local created = cjson.decode(polls[i + 1]).createdAt
    missing[#missing + 1] = {id = id, created = type(created) == 'number' and created or 0}
  end
end
table.sort(missing, function(a, b) return a.created < b.created end)
for _, poll in ipairs(missing) do
  redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), poll.id)
end
return #missing`);

/**
 * Deletes a poll with everything voted in it, for its organiser or an admin (see MAY_ORGANISE); its
 * version is raised (and kept a day) so an open page notices, and it leaves the lists and the
 * settings' sets. KEYS: the polls hash, the finals, the voter counts, the version, the index, the
 * organisers, the polls with comments off, the polls with a digest, the digest's pending counts,
 * then the poll's keys to delete. ARGV: the poll id, the caller's account key, '1' for an admin, the organiser's
 * polls' key for the account key '' (keys.ts scheduleOrganised). Answers 1 deleted, 0 no such poll,
 * -1 not theirs.
 */
export const deletePoll = defineLimitedScript<
  [
    polls: string,
    finals: string,
    voterCounts: string,
    version: string,
    index: string,
    organisers: string,
    commentsOff: string,
    digests: string,
    digestPending: string,
    ...pollKeys: string[],
  ],
  [pollId: string, caller: string, admin: '1' | '0', organisedPrefix: string],
  number
>(`${MAY_ORGANISE}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
if not may_organise(KEYS[6], ARGV[1], ARGV[2], ARGV[3]) then return -1 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('SREM', KEYS[7], ARGV[1])
redis.call('SREM', KEYS[8], ARGV[1])
redis.call('HDEL', KEYS[9], ARGV[1] .. ':answers', ARGV[1] .. ':voters')
redis.call('DEL', unpack(KEYS, 10))
redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], 86400)
redis.call('ZREM', KEYS[5], ARGV[1])
local organiser = redis.call('HGET', KEYS[6], ARGV[1])
if organiser then
  redis.call('HDEL', KEYS[6], ARGV[1])
  redis.call('ZREM', ARGV[4] .. organiser, ARGV[1])
end
return 1`);

/**
 * Finalises a poll on one of its options, for its organiser or an admin (see MAY_ORGANISE), and
 * reserves the mail that tells its voters who left an address: as many as the day's poll mail
 * (KEYS[7], at most ARGV[5]) and, for a poll a member made finalised by anyone but an admin, that
 * member's share of it (their day's counter: ARGV[8] followed by their account key, at most
 * ARGV[6]) allow; each counter made with
 * the seconds left in the day (ARGV[7]). Deciding again on the option already decided changes
 * nothing and mails nobody. KEYS: the polls hash, the poll's offered options, the finals, the
 * version, the organisers, the voters' addresses, the day's poll mail counter. ARGV: the poll id,
 * the option id, the caller's account key, '1' for an admin, the day's poll mail cap and an
 * organiser's share of it, the seconds left in the day, an organiser's counter's key for the
 * account key ''. Answers {outcome ('ok', 'missing', 'not-theirs' or 'unknown-option'), then for
 * 'ok' the mails reserved, the poll's definition, and each voter key with its address}.
 */
export const finalisePoll = defineLimitedScript<
  [
    polls: string,
    offered: string,
    finals: string,
    version: string,
    organisers: string,
    emails: string,
    dayMail: string,
  ],
  [
    pollId: string,
    optionId: string,
    caller: string,
    admin: '1' | '0',
    mailCap: number,
    organiserShare: number,
    dayTtl: number,
    organiserCounterPrefix: string,
  ],
  (string | number)[]
>(`${MAY_ORGANISE}
local definition = redis.call('HGET', KEYS[1], ARGV[1])
if not definition then return {'missing'} end
if not may_organise(KEYS[5], ARGV[1], ARGV[3], ARGV[4]) then return {'not-theirs'} end
if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 0 then return {'unknown-option'} end
if redis.call('HGET', KEYS[3], ARGV[1]) == ARGV[2] then return {'ok', 0, definition} end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('INCR', KEYS[4])
local emails = redis.call('HGETALL', KEYS[6])
local wanted = #emails / 2
local function room(key, cap)
  return math.max(0, tonumber(cap) - tonumber(redis.call('GET', key) or '0'))
end
local granted = math.min(wanted, room(KEYS[7], ARGV[5]))
local organiser = redis.call('HGET', KEYS[5], ARGV[1])
local share = organiser and ARGV[4] ~= '1' and (ARGV[8] .. organiser)
if share then granted = math.min(granted, room(share, ARGV[6])) end
if granted > 0 then
  redis.call('SET', KEYS[7], 0, 'NX', 'EX', ARGV[7])
  redis.call('INCRBY', KEYS[7], granted)
  if share then
    redis.call('SET', share, 0, 'NX', 'EX', ARGV[7])
    redis.call('INCRBY', share, granted)
  end
end
local reply = {'ok', granted, definition}
for i = 1, #emails do reply[#reply + 1] = emails[i] end
return reply`);

/**
 * Reopens a finalised poll to votes, for its organiser or an admin (see MAY_ORGANISE). KEYS: the
 * polls hash, the finals, the version, the organisers. ARGV: the poll id, the caller's account key,
 * '1' for an admin. Answers 'ok', 'missing' (no such poll) or 'not-theirs'.
 */
export const reopenPoll = defineLimitedScript<
  [polls: string, finals: string, version: string, organisers: string],
  [pollId: string, caller: string, admin: '1' | '0'],
  'ok' | 'missing' | 'not-theirs'
>(`${MAY_ORGANISE}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'missing' end
if not may_organise(KEYS[4], ARGV[1], ARGV[2], ARGV[3]) then return 'not-theirs' end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('INCR', KEYS[3])
return 'ok'`);

/**
 * Takes a voter out of a poll by the name they voted under (the organiser's moderation): every
 * vote of theirs, their place in the poll's people and its voter count, their first name and
 * their claim, so the name is free again; the version is raised. Every voter under that exact name
 * goes (two accounts that had one name are two voters). Only its organiser or an admin may (see
 * MAY_ORGANISE); the address they left and how they were told of the decision go too. KEYS: the
 * poll's votes, its if-need-be votes, people, first names and claims, the voter counts, its
 * version, the organisers, the voters' addresses, how each was told. ARGV: the username as voted, the poll id, the caller's
 * account key, '1' for an admin. Answers how many votes were removed, -1 when no voter has that
 * name, or -2 when the poll is not the caller's.
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
    organisers: string,
    emails: string,
    notified: string,
  ],
  [username: string, pollId: string, caller: string, admin: '1' | '0'],
  number
>(`${MAY_ORGANISE}
if not may_organise(KEYS[8], ARGV[2], ARGV[3], ARGV[4]) then return -2 end
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
    redis.call('HDEL', KEYS[9], voter)
    redis.call('HDEL', KEYS[10], voter)
    redis.call('HINCRBY', KEYS[6], ARGV[2], -1)
    removed = removed + #votes
  end
end
if not found then return -1 end
redis.call('INCR', KEYS[7])
return removed`);

// ----- Comments and settings -----

/**
 * Adds a comment (its JSON) at the end of a poll's comments while the poll exists, its organiser has
 * not switched comments off and it has fewer than ARGV[3]; one address adds at most ARGV[4] to a
 * poll per ARGV[5] seconds (its counter KEYS[5], counted only for a comment that may be added);
 * raises the version. KEYS: the polls hash, the polls with comments off, the poll's comments, its
 * version, the address's counter for the poll. ARGV: the poll id, the comment's JSON, the most
 * comments, the address's most and window. Answers 'ok', 'no-poll', 'off', 'full', or the seconds
 * the address waits.
 */
export const addComment = defineScript<
  [polls: string, commentsOff: string, comments: string, version: string, addressCounter: string],
  [pollId: string, comment: string, maxComments: number, perAddressMax: number, perAddressWindow: number],
  'ok' | 'no-poll' | 'off' | 'full' | number
>(`${COUNT_IN}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'no-poll' end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return 'off' end
if redis.call('LLEN', KEYS[3]) >= tonumber(ARGV[3]) then return 'full' end
local wait = count_in(KEYS[5], ARGV[4], ARGV[5])
if wait > 0 then return wait end
redis.call('RPUSH', KEYS[3], ARGV[2])
redis.call('INCR', KEYS[4])
return 'ok'`);

/**
 * Deletes a comment by its id, for its member author (their account key in its JSON) or the
 * poll's organiser or an admin (see MAY_ORGANISE); raises the version. KEYS: the poll's comments,
 * the organisers, its version. ARGV: the poll id, the comment id, the caller's account key, '1'
 * for an admin. Answers 'deleted', 'missing' or 'not-theirs'.
 */
export const deleteComment = defineLimitedScript<
  [comments: string, organisers: string, version: string],
  [pollId: string, commentId: string, caller: string, admin: '1' | '0'],
  'deleted' | 'missing' | 'not-theirs'
>(`${MAY_ORGANISE}
for _, json in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local comment = cjson.decode(json)
  if comment.id == ARGV[2] then
    local author = ARGV[3] ~= '' and comment.account == ARGV[3]
    if not author and not may_organise(KEYS[2], ARGV[1], ARGV[3], ARGV[4]) then return 'not-theirs' end
    redis.call('LREM', KEYS[1], 1, json)
    redis.call('INCR', KEYS[3])
    return 'deleted'
  end
end
return 'missing'`);

/**
 * Changes a poll's settings, for its organiser or an admin (see MAY_ORGANISE): comments 'on' or
 * 'off' (ARGV[4]), the daily digest 'on' or 'off' (ARGV[5]); '' leaves one as it is. A digest goes
 * to the organiser's account's email, or to the site's owner for a poll of the console's own, so
 * it is switched on only where there is one (the organiser's account still the one that has its
 * name, keys.ts accountKeyOf). KEYS: the polls hash, the organisers, the polls with
 * comments off, the polls with a digest, the version. ARGV: the poll id, the caller's account key,
 * '1' for an admin, the two settings, the account hash key of the username '' (keys.ts user).
 * Answers 'ok', 'missing', 'not-theirs' or 'no-email'.
 */
export const setPollSettings = defineLimitedScript<
  [polls: string, organisers: string, commentsOff: string, digests: string, version: string],
  [
    pollId: string,
    caller: string,
    admin: '1' | '0',
    comments: '' | 'on' | 'off',
    digest: '' | 'on' | 'off',
    userPrefix: string,
  ],
  'ok' | 'missing' | 'not-theirs' | 'no-email'
>(`${MAY_ORGANISE}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'missing' end
if not may_organise(KEYS[2], ARGV[1], ARGV[2], ARGV[3]) then return 'not-theirs' end
if ARGV[5] == 'on' then
  local organiser = redis.call('HGET', KEYS[2], ARGV[1])
  if organiser then
    local name = string.match(organiser, '^[^#]*')
    local account = redis.call('HMGET', ARGV[6] .. name, 'account', 'email')
    if (account[1] or name) ~= organiser or not account[2] or account[2] == '' then return 'no-email' end
  end
  redis.call('SADD', KEYS[4], ARGV[1])
elseif ARGV[5] == 'off' then
  redis.call('SREM', KEYS[4], ARGV[1])
end
if ARGV[4] == 'off' then redis.call('SADD', KEYS[3], ARGV[1]) elseif ARGV[4] == 'on' then redis.call('SREM', KEYS[3], ARGV[1]) end
redis.call('INCR', KEYS[5])
return 'ok'`);

// ----- Mail to voters and organisers -----

/**
 * Keeps the address a voter left to hear the decision ('' forgets it): only a voter of the poll
 * may, an anonymous one with their name's claim (the hash of the secret their first vote got).
 * KEYS: the poll's people, its claims, its voters' addresses. ARGV: the voter key, '1' when
 * anonymous, the hash of the secret sent ('' if none), the address. Answers 'ok', 'not-voter' or
 * 'taken' (an anonymous name claimed by another browser).
 */
export const setVoterEmail = defineScript<
  [people: string, claims: string, emails: string],
  [voterKey: string, anonymous: '1' | '0', secretHash: string, email: string],
  'ok' | 'not-voter' | 'taken'
>(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'not-voter' end
if ARGV[2] == '1' and redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[3] then return 'taken' end
if ARGV[4] == '' then redis.call('HDEL', KEYS[3], ARGV[1]) else redis.call('HSET', KEYS[3], ARGV[1], ARGV[4]) end
return 'ok'`);

/**
 * Takes the day's digest: the counts of new answers and voters of each poll with a digest since the
 * last one (emptying them), each with where its digest goes: the organiser's account's address (the
 * account still the one that has its name, keys.ts accountKeyOf), 'owner' for a poll of the
 * console's own, or none (no address: left out); and reserves a mail per address, as many as the
 * day's poll mail allows (KEYS[5], at most ARGV[2]; made with ARGV[3] seconds to live). KEYS: the
 * pending counts, the polls with a digest, the organisers, the polls hash, the day's poll mail
 * counter. ARGV: the account hash key of the username '' (keys.ts user), the cap, the seconds left
 * in the day. Answers {the mails reserved, then per poll its id, address, answers and new voters}.
 */
export const takeDigests = defineScript<
  [pending: string, digests: string, organisers: string, polls: string, dayMail: string],
  [userPrefix: string, mailCap: number, dayTtl: number],
  (string | number)[]
>(`
local pending = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
local counts, order = {}, {}
for i = 1, #pending, 2 do
  local id, kind = string.match(pending[i], '^(.*):(%a+)$')
  if id then
    if not counts[id] then counts[id] = {answers = 0, voters = 0}; order[#order + 1] = id end
    counts[id][kind] = tonumber(pending[i + 1]) or 0
  end
end
local reply, addresses, wanted = {0}, {}, 0
for _, id in ipairs(order) do
  if redis.call('SISMEMBER', KEYS[2], id) == 1 and redis.call('HEXISTS', KEYS[4], id) == 1 then
    local to = 'owner'
    local organiser = redis.call('HGET', KEYS[3], id)
    if organiser then
      local name = string.match(organiser, '^[^#]*')
      local account = redis.call('HMGET', ARGV[1] .. name, 'account', 'email')
      to = ((account[1] or name) == organiser and account[2]) or ''
    end
    if to ~= '' then
      if not addresses[to] then addresses[to] = true; wanted = wanted + 1 end
      for _, field in ipairs({id, to, counts[id].answers, counts[id].voters}) do reply[#reply + 1] = field end
    end
  end
end
local granted = math.min(wanted, math.max(0, tonumber(ARGV[2]) - tonumber(redis.call('GET', KEYS[5]) or '0')))
if granted > 0 then
  redis.call('SET', KEYS[5], 0, 'NX', 'EX', ARGV[3])
  redis.call('INCRBY', KEYS[5], granted)
end
reply[1] = granted
return reply`);
