// Mail's Lua: the day's digest, taken from the counts changeVote keeps for the polls with one.
import { defineScript } from '../../../server/scripts/script.ts';

/** One poll's news for a digest, and where it goes. */
export interface DigestRow {
  pollId: string;
  to: string;
  answers: number;
  voters: number;
}

/**
 * Takes the day's digest: the counts of new answers and voters of each poll with a digest since the
 * last one (emptying them), each with where it goes: the organiser's account's address (the account
 * still the one that has its name, keys.ts accountKeyOf; `userPrefix` is the account hash key of
 * the username ''), 'owner' for a poll of the console's own, or none (left out); and reserves a
 * mail per address, as many as the day's poll mail (`mailCap`) allows, its counter made to live `dayTtl`.
 */
export const takeDigests = defineScript<
  'pending' | 'digests' | 'organisers' | 'polls' | 'dayMail',
  { userPrefix: string; mailCap: number; dayTtl: number },
  { mails: number; rows: DigestRow[] | Record<string, never> }
>(
  `
local pending = redis.call('HGETALL', K.pending)
redis.call('DEL', K.pending)
local counts, order = {}, {}
for i = 1, #pending, 2 do
  local id, kind = string.match(pending[i], '^(.*):(%a+)$')
  if id then
    if not counts[id] then counts[id] = {answers = 0, voters = 0}; order[#order + 1] = id end
    counts[id][kind] = tonumber(pending[i + 1]) or 0
  end
end
local rows, addresses, wanted = {}, {}, 0
for _, id in ipairs(order) do
  if redis.call('SISMEMBER', K.digests, id) == 1 and redis.call('HEXISTS', K.polls, id) == 1 then
    local to = 'owner'
    local organiser = redis.call('HGET', K.organisers, id)
    if organiser then
      local name = string.match(organiser, '^[^#]*')
      local account = redis.call('HMGET', A.userPrefix .. name, 'account', 'email')
      to = ((account[1] or name) == organiser and account[2]) or ''
    end
    if to ~= '' then
      if not addresses[to] then addresses[to] = true; wanted = wanted + 1 end
      rows[#rows + 1] = { pollId = id, to = to, answers = counts[id].answers, voters = counts[id].voters }
    end
  end
end
local granted = math.min(wanted, math.max(0, A.mailCap - tonumber(redis.call('GET', K.dayMail) or '0')))
if granted > 0 then
  redis.call('SET', K.dayMail, 0, 'NX', 'EX', A.dayTtl)
  redis.call('INCRBY', K.dayMail, granted)
end
return cjson.encode({ mails = granted, rows = rows })`,
  { json: true },
);
