// Mail's Lua: how each voter was told of a decision, the day's digest, taken from the counts
// changeVote keeps in each poll's state, and the organisers to tell that a deadline has passed.
import { DAILY_COUNT } from '../../../server/scripts/daily-cap.ts';
import { defineScript } from '../../../server/scripts/script.ts';

/** One poll's news for a digest, and where it goes. */
export interface DigestRow {
  pollId: string;
  to: string;
  answers: number;
  voters: number;
}

/**
 * Lua defining `organiser_address(id)`: where mail to poll `id`'s organiser goes. 'owner' for a
 * poll of the console's own; else the organiser's account's verified address while it is confirmed
 * (`K.addresses`; the account still the one that has its name, keys.ts accountKeyOf; `A.userPrefix`
 * is the account hash key of the username ''), or '' (no mail, and no share spent on it).
 */
const ORGANISER_ADDRESS = `
local function organiser_address(id)
  local organiser = redis.call('HGET', K.organisers, id)
  if not organiser then return 'owner' end
  local name = string.match(organiser, '^[^#]*')
  local account = redis.call('HMGET', A.userPrefix .. name, 'account', 'emailVerified')
  local to = ((account[1] or name) == organiser and account[2]) or ''
  if to ~= '' and redis.call('HGET', K.addresses, to) ~= 'confirmed' then return '' end
  return to
end
`;

/**
 * Takes the day's digest: for each poll with a digest, the answers and new voters counted in its state since the last
 * one (`state`: that key's text around the poll id), emptying them, with where they go (organiser_address; none: left
 * out, its counts still emptied); and reserves a mail per address, as many as the day's poll mail (`mailCap`) and the
 * digests' part of it (`digestShare`, counted in `dayDigests`) allow, the counters made to live `dayTtl`.
 */
export const takeDigests = defineScript<
  'digests' | 'organisers' | 'polls' | 'dayMail' | 'dayDigests' | 'addresses',
  { userPrefix: string; state: [string, string]; mailCap: number; digestShare: number; dayTtl: number },
  { mails: number; rows: DigestRow[] | Record<string, never> }
>(
  `${DAILY_COUNT}${ORGANISER_ADDRESS}
local ids = redis.call('SMEMBERS', K.digests)
table.sort(ids)
local rows, addresses, wanted = {}, {}, 0
for _, id in ipairs(ids) do
  local state = A.state[1] .. id .. A.state[2]
  local counts = redis.call('HMGET', state, 'answers', 'voters')
  redis.call('HDEL', state, 'answers', 'voters')
  if counts[1] and redis.call('HEXISTS', K.polls, id) == 1 then
    local to = organiser_address(id)
    if to ~= '' then
      if not addresses[to] then addresses[to] = true; wanted = wanted + 1 end
      rows[#rows + 1] = { pollId = id, to = to, answers = tonumber(counts[1]), voters = tonumber(counts[2]) or 0 }
    end
  end
end
local granted = math.min(wanted, room_left(K.dayMail, A.mailCap), room_left(K.dayDigests, A.digestShare))
if granted > 0 then
  count_day(K.dayMail, A.dayTtl, granted)
  count_day(K.dayDigests, A.dayTtl, granted)
end
return cjson.encode({ mails = granted, rows = rows })`,
  { json: true },
);

/**
 * Records how each voter was told of the decision (`told`: voter key → JSON), for a poll that is
 * still there and voters still in it: a poll deleted, or a voter taken out, while the mail went
 * leaves nothing behind.
 */
export const recordTold = defineScript<
  'polls' | 'people' | 'notified',
  { pollId: string; told: Record<string, string> },
  'recorded' | 'gone'
>(`
if redis.call('HEXISTS', K.polls, A.pollId) == 0 then return 'gone' end
for voter, told in pairs(A.told) do
  if redis.call('HEXISTS', K.people, voter) == 1 then redis.call('HSET', K.notified, voter, told) end
end
return 'recorded'`);

/**
 * Takes the polls whose deadline has passed by `now` from `deadlines`, for mail to their organisers:
 * a poll still there, undecided and with that deadline still set (`state`: that key's text around
 * the poll id), goes where organiser_address says; others just leave. It
 * reserves a mail for as many as the day's poll mail (`mailCap`) has room for; the rest stay for
 * the next run.
 */
export const takeDeadlines = defineScript<
  'deadlines' | 'polls' | 'finals' | 'organisers' | 'addresses' | 'dayMail',
  { now: number; userPrefix: string; state: [string, string]; mailCap: number; dayTtl: number },
  { pollId: string; deadline: number; to: string }[] | Record<string, never>
>(
  `${DAILY_COUNT}${ORGANISER_ADDRESS}
local due = redis.call('ZRANGEBYSCORE', K.deadlines, '-inf', A.now, 'WITHSCORES')
local rows = {}
for i = 1, #due, 2 do
  local id, deadline = due[i], tonumber(due[i + 1])
  local set = tonumber(redis.call('HGET', A.state[1] .. id .. A.state[2], 'deadline') or '')
  local to = ''
  if set == deadline and redis.call('HEXISTS', K.polls, id) == 1 and redis.call('HEXISTS', K.finals, id) == 0 then
    to = organiser_address(id)
  end
  if to == '' then
    redis.call('ZREM', K.deadlines, id)
  else
    rows[#rows + 1] = { pollId = id, deadline = deadline, to = to }
  end
end
local taken = {}
for i = 1, math.min(#rows, room_left(K.dayMail, A.mailCap)) do
  redis.call('ZREM', K.deadlines, rows[i].pollId)
  taken[i] = rows[i]
end
if #taken > 0 then count_day(K.dayMail, A.dayTtl, #taken) end
return cjson.encode(taken)`,
  { json: true },
);
