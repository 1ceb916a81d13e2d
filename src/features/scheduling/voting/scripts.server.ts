// Voting's Lua. A vote is the member '<voter key>\n<option id>' (and '\n?' for "if need be") of the
// poll's votes (keys.server.ts), so one voter's votes are the range from '<voter key>\n' to
// '<voter key>\v'. A vote counts only for an option the poll offers; an anonymous name belongs to
// whoever voted under it first, unless an account or a registered voter has it.
import { PROBE_ACCOUNT } from '../../../server/scripts/account-probe.ts';
import { type PassSpend, SPEND_PASS } from '../../../server/scripts/bot-pass.ts';
import { defineLimitedScript } from '../../../server/scripts/limited.ts';
import { COUNT_IN } from '../../../server/scripts/rate-limit.ts';
import { type Wait, defineScript } from '../../../server/scripts/script.ts';

export type ChangeOutcome = 'ok' | 'taken' | 'no-poll' | 'unknown-option' | 'full' | 'closed' | 'deadline' | Wait;

/**
 * Lua defining `has_votes(votes, voter)` and `leave_if_no_votes(votes, people, voter)`: whatever
 * takes a voter's last vote (their remove, an edit or a console action taking their options) takes
 * them out of the poll's people too, so its voter count, its cap and its mail are its voters'.
 */
export const LEAVE_IF_NO_VOTES = `
local function has_votes(votes, voter)
  return #redis.call('ZRANGE', votes, '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX', 'LIMIT', 0, 1) > 0
end
local function leave_if_no_votes(votes, people, voter)
  if not has_votes(votes, voter) then redis.call('HDEL', people, voter) end
end
`;

/**
 * Claims an anonymous name for the secret whose hash is `newSecretHash`, unless it is claimed
 * already ('ok' for the holder of `secretHash`, else 'taken'), or an account, a registered voter of
 * the poll or any account of the name (its key `accountKeyPrefix` and digits) has it ('taken');
 * looking for the account counts in register's counters (probe_account). A remove claims nothing.
 * A new claim spends the request's bot pass (`K.pass`, set once for `A.passSeconds`; 'pass-used'
 * when it has served already), unless the check is off (`A.passSeconds` 0).
 */
export const claimName = defineLimitedScript<
  'probeNames' | 'probeAddress' | 'account' | 'claims' | 'people' | 'votes' | keyof PassSpend['keys'],
  {
    voterKey: string;
    /** The name without 'anon_' in its key form. */
    plainName: string;
    remove: boolean;
    secretHash: string;
    newSecretHash: string;
    couldBeAccount: boolean;
    probe: { name: string; addressMax: number; addressWindow: number };
    accountKeyPrefix: string;
  } & PassSpend['args'],
  'ok' | 'claimed' | 'taken' | 'pass-used' | Wait
>(`${PROBE_ACCOUNT}${SPEND_PASS}
local held = redis.call('HGET', K.claims, A.voterKey)
if held then return held == A.secretHash and 'ok' or 'taken' end
if A.remove then return 'ok' end
if A.couldBeAccount then
  local wait = probe_account(K.probeNames, K.probeAddress, A.probe)
  if wait > 0 then return 'wait:' .. wait end
end
local prefix = A.accountKeyPrefix
if redis.call('EXISTS', K.account) == 1 or redis.call('HEXISTS', K.people, A.plainName) == 1
  or #redis.call('ZRANGE', K.votes, '[' .. prefix, '(' .. prefix .. ':', 'BYLEX', 'LIMIT', 0, 1) > 0 then
  return 'taken'
end
if not spend_pass(K.pass, A.passSeconds) then return 'pass-used' end
redis.call('HSET', K.claims, A.voterKey, A.newSecretHash)
return 'claimed'`);

/**
 * Adds or removes one vote, raising the poll's version, and for an add its answers and (for a
 * voter new to it) voters since the last digest. Refuses a finalised poll ('closed'), a poll past
 * the deadline in its state at `now` ('deadline'), a new voter
 * once the poll has `maxVoters` ('full'), and a new voter, signed in or not, once their address's
 * new-voter counter is full (a Wait); such a refusal takes back a claim `claimed` in the same request from a
 * voter with no votes. An anonymous voter holds their name's claim (claimName). A registered
 * voter's first name is copied from their account. A remove that leaves the voter no answers takes
 * them out of the poll's people, with the address they left; their claim stays theirs.
 */
export const changeVote = defineScript<
  'offered' | 'people' | 'claims' | 'votes' | 'state' | 'finals' | 'newVoters' | 'account',
  {
    pollId: string;
    optionId: string;
    voterKey: string;
    username: string;
    change: 'add' | 'remove';
    answer: 'yes' | 'ifNeedBe';
    anonymous: boolean;
    secretHash: string;
    claimed: boolean;
    maxVoters: number;
    newVotersMax: number;
    newVotersWindow: number;
    /** The time (ms) a new voter joins at. */
    now: number;
  },
  ChangeOutcome
>(`${COUNT_IN}${LEAVE_IF_NO_VOTES}
local voter = A.voterKey
local vote = voter .. '\\n' .. A.optionId
local function refuse(reply)
  if A.claimed and redis.call('HGET', K.claims, voter) == A.secretHash and not has_votes(K.votes, voter) then
    redis.call('HDEL', K.claims, voter)
  end
  return reply
end
if redis.call('EXISTS', K.offered) == 0 then return refuse('no-poll') end
if redis.call('SISMEMBER', K.offered, A.optionId) == 0 then return refuse('unknown-option') end
if redis.call('HEXISTS', K.finals, A.pollId) == 1 then return refuse('closed') end
local deadline = tonumber(redis.call('HGET', K.state, 'deadline') or '')
if deadline and A.now >= deadline then return refuse('deadline') end
local person = redis.call('HGET', K.people, voter)
local new_voter = A.change == 'add' and not person
if new_voter and redis.call('HLEN', K.people) >= A.maxVoters then return refuse('full') end
if new_voter and (tonumber(redis.call('GET', K.newVoters) or '0') or 0) >= A.newVotersMax then
  return refuse('wait:' .. math.max(redis.call('TTL', K.newVoters), 1))
end
if A.anonymous then
  local held = redis.call('HGET', K.claims, voter)
  if not held and A.change == 'remove' then return 'ok' end
  if held ~= A.secretHash then return 'taken' end
end
redis.call('HINCRBY', K.state, 'version', 1)
redis.call('ZREM', K.votes, vote, vote .. '\\n?')
if A.change == 'remove' then
  leave_if_no_votes(K.votes, K.people, voter)
  return 'ok'
end
redis.call('HINCRBY', K.state, 'answers', 1)
if new_voter then
  redis.call('HINCRBY', K.state, 'voters', 1)
  count_in(K.newVoters, math.huge, A.newVotersWindow)
end
person = person and cjson.decode(person) or { joined = redis.call('HINCRBY', K.state, 'joined', 1), at = A.now }
person.name = A.username
if not A.anonymous then person.firstName = redis.call('HGET', K.account, 'firstName') or person.firstName end
redis.call('HSET', K.people, voter, cjson.encode(person))
redis.call('ZADD', K.votes, 0, A.answer == 'ifNeedBe' and vote .. '\\n?' or vote)
return 'ok'`);

/**
 * A poll's votes as its page reads them: the votes, its people, its version, whether it hides its
 * voters' names, its organiser and, only when it hides them, the claims of the voters it has now
 * (`claims` keeps every name ever claimed, so it is never read whole).
 */
export const readVotes = defineScript<
  'votes' | 'people' | 'state' | 'votersHidden' | 'organisers' | 'claims',
  { pollId: string },
  [string[], string[], string | null, number, string | null, string[]]
>(`
local votes = redis.call('ZRANGE', K.votes, 0, -1)
local hidden = redis.call('SISMEMBER', K.votersHidden, A.pollId)
local claims = {}
if hidden == 1 then
  local voters, seen = {}, {}
  for _, vote in ipairs(votes) do
    local voter = string.match(vote, '^[^\\n]*')
    if not seen[voter] then seen[voter] = true; voters[#voters + 1] = voter end
  end
  for from = 1, #voters, 500 do
    local to = math.min(from + 499, #voters)
    local held = redis.call('HMGET', K.claims, unpack(voters, from, to))
    for i = from, to do
      local hash = held[i - from + 1]
      if hash then claims[#claims + 1] = voters[i]; claims[#claims + 1] = hash end
    end
  end
end
return { votes, redis.call('HGETALL', K.people), redis.call('HGET', K.state, 'version'), hidden,
  redis.call('HGET', K.organisers, A.pollId), claims }`);

/**
 * One voter's votes in a poll: an anonymous name's, or those of the account that has the username
 * now (the `account` field of its hash; the name's key form for an account from before account keys).
 */
export const voterVotes = defineScript<'votes' | 'account', { voterKey: string }, string[]>(`
local voter = redis.call('HGET', K.account, 'account') or A.voterKey
return redis.call('ZRANGE', K.votes, '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX')`);

/**
 * Keeps the address a voter left to hear the decision ('' forgets it) when its holder confirmed it
 * (src/server/mail-address.ts; else it only checks and answers 'unconfirmed'): only a voter of the
 * poll may, an anonymous one with their name's claim. 'taken': an anonymous name another browser claimed.
 */
export const setVoterEmail = defineScript<
  'people' | 'claims' | 'addressStates',
  { voterKey: string; anonymous: boolean; secretHash: string; email: string; address: string },
  'ok' | 'not-voter' | 'taken' | 'unconfirmed'
>(`
local person = redis.call('HGET', K.people, A.voterKey)
if not person then return 'not-voter' end
if A.anonymous and redis.call('HGET', K.claims, A.voterKey) ~= A.secretHash then return 'taken' end
if A.email ~= '' and redis.call('HGET', K.addressStates, A.address) ~= 'confirmed' then return 'unconfirmed' end
person = cjson.decode(person)
person.email = A.email ~= '' and A.email or nil
redis.call('HSET', K.people, A.voterKey, cjson.encode(person))
return 'ok'`);

/**
 * Moves one poll from the layout before `state` (maybe, first names, addresses, a version string,
 * its digest's pending counts in `pending`) into this one; a poll moved already is left as it is.
 */
export const migrateVotes = defineLimitedScript<
  'votes' | 'maybe' | 'people' | 'firstNames' | 'emails' | 'version' | 'state' | 'pending',
  { pollId: string },
  'moved' | 'current'
>(`
local moved = redis.call('EXISTS', K.maybe, K.firstNames, K.emails, K.version)
for _, vote in ipairs(redis.call('SMEMBERS', K.maybe)) do
  if redis.call('ZREM', K.votes, vote) == 1 then redis.call('ZADD', K.votes, 0, vote .. '\\n?') end
end
local people, old = redis.call('HGETALL', K.people), 0
for i = 1, #people, 2 do
  local voter, name = people[i], people[i + 1]
  if string.sub(name, 1, 1) ~= '{' then
    old = old + 1
    redis.call('HSET', K.people, voter, cjson.encode({ name = name, joined = (i + 1) / 2,
      firstName = redis.call('HGET', K.firstNames, voter) or nil, email = redis.call('HGET', K.emails, voter) or nil }))
  end
end
local counts = { joined = old > 0 and #people / 2, version = redis.call('GET', K.version),
  answers = redis.call('HGET', K.pending, A.pollId .. ':answers'), voters = redis.call('HGET', K.pending, A.pollId .. ':voters') }
for field, count in pairs(counts) do if count then redis.call('HINCRBY', K.state, field, count) end end
redis.call('HDEL', K.pending, A.pollId .. ':answers', A.pollId .. ':voters')
redis.call('DEL', K.maybe, K.firstNames, K.emails, K.version)
return moved + old > 0 and 'moved' or 'current'`);
