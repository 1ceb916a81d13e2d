// Organising's Lua: every change to a made poll is its organiser's or an admin's, checked first in
// the script that makes it (may_organise). Made polls have places in the console's index (and a
// member's in their own), from one sequence.
import { DAILY_COUNT } from '../../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../../server/scripts/limited.ts';
import { LEAVE_IF_NO_VOTES } from '../voting/scripts.server.ts';

/**
 * Lua defining `may_organise(organisers, poll_id, caller, admin)`: an admin (clearance 3, or the
 * operator's tools) may; else the account the organisers hash names for the poll, if a member made it.
 */
export const MAY_ORGANISE = `
local function may_organise(organisers, poll_id, caller, admin)
  if admin then return true end
  return caller ~= '' and redis.call('HGET', organisers, poll_id) == caller
end
`;

/** Who acts: their account key ('' for the operator's tools), and whether they administer the site. */
export interface Acting {
  caller: string;
  admin: boolean;
}

/**
 * Stores a new poll and offers its options, unless the id is taken or its organiser (not an admin)
 * has `maxOpen` open polls (not finalised) or `maxPolls` in all; the poll takes the next place in
 * the console's index and, made by a member (`organiser` not ''), in theirs.
 */
export const createPoll = defineLimitedScript<
  'polls' | 'offered' | 'index' | 'sequence' | 'organisers' | 'organised' | 'finals',
  {
    pollId: string;
    definition: string;
    organiser: string;
    admin: boolean;
    maxOpen: number;
    maxPolls: number;
    optionIds: string[];
  },
  'ok' | 'taken' | 'too-many-open' | 'too-many'
>(`
if redis.call('HEXISTS', K.polls, A.pollId) == 1 then return 'taken' end
if not A.admin then
  local made = redis.call('ZRANGE', K.organised, 0, -1)
  if #made >= A.maxPolls then return 'too-many' end
  local open = 0
  for _, id in ipairs(made) do
    if redis.call('HEXISTS', K.finals, id) == 0 then open = open + 1 end
  end
  if open >= A.maxOpen then return 'too-many-open' end
end
redis.call('HSET', K.polls, A.pollId, A.definition)
redis.call('DEL', K.offered)
redis.call('SADD', K.offered, unpack(A.optionIds))
local place = redis.call('INCR', K.sequence)
redis.call('ZADD', K.index, place, A.pollId)
if A.organiser ~= '' then
  redis.call('HSET', K.organisers, A.pollId, A.organiser)
  redis.call('ZADD', K.organised, place, A.pollId)
end
return 'ok'`);

export interface PollRow {
  id: string;
  /** Its place in the index ('' for a named one). */
  place: string;
  definition: string;
  final: string;
  voters: number;
  organiser: string;
  commentsOff: boolean;
  digest: boolean;
  votersHidden: boolean;
  /** When its votes close by themselves (ms, as text), or '' for no deadline. */
  deadline: string;
}

/** A page of made polls, newest first: at most `count` placed below `below` ('+inf', or '(<place>')
 * in the index, then the `named` polls that are stored; and whether older ones remain. A poll's
 * voters are its people hash's, its deadline its state's (`people`, `state`: those keys' text
 * around the poll id). */
export const listPolls = defineLimitedScript<
  'index' | 'polls' | 'finals' | 'organisers' | 'commentsOff' | 'digests' | 'votersHidden',
  { below: string; count: number; named: string[]; people: [string, string]; state: [string, string] },
  { more: boolean; polls: PollRow[] | Record<string, never> }
>(
  `
local rows = redis.call('ZREVRANGEBYSCORE', K.index, A.below, '-inf', 'WITHSCORES', 'LIMIT', 0, A.count + 1)
local reply = { more = false, polls = {} }
local function add(id, place)
  local definition = redis.call('HGET', K.polls, id)
  if not definition then return end
  reply.polls[#reply.polls + 1] = {
    id = id,
    place = place,
    definition = definition,
    final = redis.call('HGET', K.finals, id) or '',
    voters = redis.call('HLEN', A.people[1] .. id .. A.people[2]),
    organiser = redis.call('HGET', K.organisers, id) or '',
    commentsOff = redis.call('SISMEMBER', K.commentsOff, id) == 1,
    digest = redis.call('SISMEMBER', K.digests, id) == 1,
    votersHidden = redis.call('SISMEMBER', K.votersHidden, id) == 1,
    deadline = redis.call('HGET', A.state[1] .. id .. A.state[2], 'deadline') or '',
  }
end
for i = 1, #rows, 2 do
  if (i + 1) / 2 > A.count then reply.more = true else add(rows[i], rows[i + 1]) end
end
for _, id in ipairs(A.named) do add(id, '') end
return cjson.encode(reply)`,
  { json: true },
);

/** Places every made poll the index lacks (not the `configured` ones), oldest first; answers how many. */
export const indexPolls = defineLimitedScript<'polls' | 'index' | 'sequence', { configured: string[] }, number>(`
local configured = {}
for _, id in ipairs(A.configured) do configured[id] = true end
local polls = redis.call('HGETALL', K.polls)
local missing = {}
for i = 1, #polls, 2 do
  local id = polls[i]
  if not configured[id] and not redis.call('ZSCORE', K.index, id) then
    local created = cjson.decode(polls[i + 1]).createdAt
    missing[#missing + 1] = {id = id, created = type(created) == 'number' and created or 0}
  end
end
table.sort(missing, function(a, b) return a.created < b.created end)
for _, poll in ipairs(missing) do
  redis.call('ZADD', K.index, redis.call('INCR', K.sequence), poll.id)
end
return #missing`);

/**
 * Deletes a poll with everything voted in it: its own keys (`pollKeys`), its decision, its entries
 * in the `sets` that hold every poll's, its places in the lists; its version is raised (and its
 * state kept a day) so an open page notices. `organisedPrefix` is the organiser's index key for
 * the account key ''.
 */
export const deletePoll = defineLimitedScript<
  'polls' | 'finals' | 'sets' | 'state' | 'index' | 'organisers' | 'pollKeys',
  Acting & { pollId: string; organisedPrefix: string },
  'deleted' | 'missing' | 'not-theirs'
>(`${MAY_ORGANISE}
if redis.call('HEXISTS', K.polls, A.pollId) == 0 then return 'missing' end
if not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return 'not-theirs' end
redis.call('HDEL', K.polls, A.pollId)
redis.call('HDEL', K.finals, A.pollId)
for _, set in ipairs(K.sets) do redis.call('SREM', set, A.pollId) end
redis.call('DEL', unpack(K.pollKeys))
redis.call('HINCRBY', K.state, 'version', 1)
redis.call('EXPIRE', K.state, 86400)
redis.call('ZREM', K.index, A.pollId)
local organiser = redis.call('HGET', K.organisers, A.pollId)
if organiser then
  redis.call('HDEL', K.organisers, A.pollId)
  redis.call('ZREM', A.organisedPrefix .. organiser, A.pollId)
end
return 'deleted'`);

/** The day's poll mail, and a member organiser's share of it. */
export interface MailShare {
  cap: number;
  organiserShare: number;
}

/** What finalising answered: for 'ok', the mails reserved, the poll's definition and the voters' addresses. */
export type FinaliseReply =
  | { outcome: 'missing' | 'not-theirs' | 'unknown-option' }
  | { outcome: 'ok'; mails: number; definition: string; emails: string[] | Record<string, never> };

/**
 * Finalises a poll on one of its options and reserves the mail that tells its voters who left an
 * address: as many as the day's poll mail and, for a member's poll finalised by anyone but an
 * admin, that member's share (their day's counter: `organiserCounterPrefix` and their account key)
 * allow, each counter made to live `dayTtl` seconds. The addresses come in voter-key order, once
 * each and none mailed this poll's decision today (`toldToday`, which the reserved ones join):
 * finalising again, on any option, mails nobody twice in a day.
 */
export const finalisePoll = defineLimitedScript<
  'polls' | 'offered' | 'finals' | 'state' | 'organisers' | 'people' | 'dayMail' | 'toldToday',
  Acting & { pollId: string; optionId: string; mail: MailShare; dayTtl: number; organiserCounterPrefix: string },
  FinaliseReply
>(
  `${DAILY_COUNT}${MAY_ORGANISE}
local definition = redis.call('HGET', K.polls, A.pollId)
if not definition then return cjson.encode({ outcome = 'missing' }) end
if not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return cjson.encode({ outcome = 'not-theirs' }) end
if redis.call('SISMEMBER', K.offered, A.optionId) == 0 then return cjson.encode({ outcome = 'unknown-option' }) end
if redis.call('HGET', K.finals, A.pollId) == A.optionId then
  return cjson.encode({ outcome = 'ok', mails = 0, definition = definition, emails = {} })
end
redis.call('HSET', K.finals, A.pollId, A.optionId)
redis.call('HINCRBY', K.state, 'version', 1)
local people, voters, seen, emails = redis.call('HGETALL', K.people), {}, {}, {}
for i = 1, #people, 2 do voters[#voters + 1] = { people[i], cjson.decode(people[i + 1]).email } end
table.sort(voters, function(a, b) return a[1] < b[1] end)
for _, voter in ipairs(voters) do
  local address = voter[2] and string.lower(voter[2])
  if address and not seen[address] and redis.call('SISMEMBER', K.toldToday, address) == 0 then
    seen[address] = true
    emails[#emails + 1] = voter[1]; emails[#emails + 1] = voter[2]
  end
end
local granted = math.min(#emails / 2, room_left(K.dayMail, A.mail.cap))
local organiser = redis.call('HGET', K.organisers, A.pollId)
local share = organiser and not A.admin and (A.organiserCounterPrefix .. organiser)
if share then granted = math.min(granted, room_left(share, A.mail.organiserShare)) end
if granted > 0 then
  count_day(K.dayMail, A.dayTtl, granted)
  if share then count_day(share, A.dayTtl, granted) end
  for i = 1, granted do redis.call('SADD', K.toldToday, string.lower(emails[i * 2])) end
  redis.call('EXPIRE', K.toldToday, A.dayTtl)
end
return cjson.encode({ outcome = 'ok', mails = granted, definition = definition, emails = emails })`,
  { json: true },
);

/**
 * Replaces an open poll's definition and the options it offers, with the answers to the options it
 * no longer offers, unless there are more of those than its organiser agreed may go (`dropAnswers`):
 * then nothing changes and the reply says how many there are, to ask them. A decided poll is
 * reopened before it changes.
 */
export const editPoll = defineLimitedScript<
  'polls' | 'offered' | 'finals' | 'votes' | 'people' | 'state' | 'organisers',
  Acting & { pollId: string; definition: string; optionIds: string[]; dropAnswers: number },
  { outcome: 'ok' | 'answers'; answers: number } | { outcome: 'missing' | 'not-theirs' | 'decided' }
>(
  `${MAY_ORGANISE}${LEAVE_IF_NO_VOTES}
if redis.call('HEXISTS', K.polls, A.pollId) == 0 then return cjson.encode({ outcome = 'missing' }) end
if not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return cjson.encode({ outcome = 'not-theirs' }) end
if redis.call('HEXISTS', K.finals, A.pollId) == 1 then return cjson.encode({ outcome = 'decided' }) end
local offered, going = {}, {}
for _, id in ipairs(A.optionIds) do offered[id] = true end
for _, vote in ipairs(redis.call('ZRANGE', K.votes, 0, -1)) do
  if not offered[string.match(vote, '\\n([^\\n]*)')] then going[#going + 1] = vote end
end
if #going > A.dropAnswers then return cjson.encode({ outcome = 'answers', answers = #going }) end
for i = 1, #going, 500 do redis.call('ZREM', K.votes, unpack(going, i, math.min(i + 499, #going))) end
for _, vote in ipairs(going) do leave_if_no_votes(K.votes, K.people, string.match(vote, '^[^\\n]*')) end
redis.call('HSET', K.polls, A.pollId, A.definition)
redis.call('DEL', K.offered)
redis.call('SADD', K.offered, unpack(A.optionIds))
redis.call('HINCRBY', K.state, 'version', 1)
return cjson.encode({ outcome = 'ok', answers = #going })`,
  { json: true },
);

/** Reopens a finalised poll to votes. */
export const reopenPoll = defineLimitedScript<
  'polls' | 'finals' | 'state' | 'organisers',
  Acting & { pollId: string },
  'ok' | 'missing' | 'not-theirs'
>(`${MAY_ORGANISE}
if redis.call('HEXISTS', K.polls, A.pollId) == 0 then return 'missing' end
if not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return 'not-theirs' end
redis.call('HDEL', K.finals, A.pollId)
redis.call('HINCRBY', K.state, 'version', 1)
return 'ok'`);

/**
 * Takes voters out of a poll with all their answers, claims and how they were told: the voter named
 * `A.username`, or (with `A.since`, ms) every voter who joined at or after that time (a voter from
 * before join times were kept has none and stays). Answers the voters and answers removed, or
 * 'no-voter' when no voter has the name.
 */
export const removeVoter = defineLimitedScript<
  'votes' | 'people' | 'voterHashes' | 'state' | 'organisers',
  Acting & { pollId: string; username: string; since: number },
  { voters: number; answers: number } | 'no-voter' | 'not-theirs'
>(
  `${MAY_ORGANISE}
-- Every answer is JSON, as the runner parses it.
if not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return cjson.encode('not-theirs') end
local function matches(person)
  if A.username ~= '' then return person.name == A.username end
  return person.at ~= nil and person.at >= A.since
end
local people = redis.call('HGETALL', K.people)
local voters, answers = 0, 0
for i = 1, #people, 2 do
  if matches(cjson.decode(people[i + 1])) then
    local voter = people[i]
    voters = voters + 1
    redis.call('HDEL', K.people, voter)
    local votes = redis.call('ZRANGE', K.votes, '[' .. voter .. '\\n', '(' .. voter .. '\\v', 'BYLEX')
    for _, vote in ipairs(votes) do redis.call('ZREM', K.votes, vote) end
    for _, hash in ipairs(K.voterHashes) do redis.call('HDEL', hash, voter) end
    answers = answers + #votes
  end
end
if voters == 0 and A.username ~= '' then return cjson.encode('no-voter') end
if voters > 0 then redis.call('HINCRBY', K.state, 'version', 1) end
return cjson.encode({ voters = voters, answers = answers })`,
  { json: true },
);

/**
 * Switches a poll's comments, its daily digest and the hiding of its voters' names 'on' or 'off'
 * ('' leaves one as it is), and sets its deadline (ms; 0 takes it away, -1 leaves it as it is),
 * kept in its state and in `deadlines` for the run that tells the organiser. A digest
 * goes to the organiser's account's email, or to the site's owner for a poll of the console's own,
 * so it is switched on only where there is one (the organiser's account still the one that has its
 * name, keys.ts accountKeyOf); `userPrefix` is the account hash key of the username ''. Switched
 * on, it counts from then.
 */
export const setPollSettings = defineLimitedScript<
  'polls' | 'organisers' | 'commentsOff' | 'digests' | 'votersHidden' | 'state' | 'deadlines',
  Acting & {
    pollId: string;
    comments: '' | 'on' | 'off';
    digest: '' | 'on' | 'off';
    hideVoters: '' | 'on' | 'off';
    deadline: number;
    userPrefix: string;
  },
  'ok' | 'missing' | 'not-theirs' | 'no-email'
>(`${MAY_ORGANISE}
if redis.call('HEXISTS', K.polls, A.pollId) == 0 then return 'missing' end
if not may_organise(K.organisers, A.pollId, A.caller, A.admin) then return 'not-theirs' end
if A.digest == 'on' then
  local organiser = redis.call('HGET', K.organisers, A.pollId)
  if organiser then
    local name = string.match(organiser, '^[^#]*')
    local account = redis.call('HMGET', A.userPrefix .. name, 'account', 'emailVerified')
    if (account[1] or name) ~= organiser or not account[2] or account[2] == '' then return 'no-email' end
  end
  if redis.call('SADD', K.digests, A.pollId) == 1 then redis.call('HDEL', K.state, 'answers', 'voters') end
elseif A.digest == 'off' then
  redis.call('SREM', K.digests, A.pollId)
end
if A.comments == 'off' then redis.call('SADD', K.commentsOff, A.pollId) elseif A.comments == 'on' then redis.call('SREM', K.commentsOff, A.pollId) end
if A.hideVoters == 'on' then redis.call('SADD', K.votersHidden, A.pollId) elseif A.hideVoters == 'off' then redis.call('SREM', K.votersHidden, A.pollId) end
if A.deadline == 0 then
  redis.call('HDEL', K.state, 'deadline')
  redis.call('ZREM', K.deadlines, A.pollId)
elseif A.deadline > 0 then
  redis.call('HSET', K.state, 'deadline', A.deadline)
  redis.call('ZADD', K.deadlines, A.deadline, A.pollId)
end
redis.call('HINCRBY', K.state, 'version', 1)
return 'ok'`);
