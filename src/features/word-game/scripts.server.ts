// Word game scores: a player's best is the fewest rounds they ever won in; the statistics per mode
// follow the arithmetic of stats.ts.
import { defineScript } from '../../server/scripts/script.ts';

/** The statistics fields of a mode, in the order the script reads, writes and answers them. */
export const STATS_FIELDS = ['played', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'current', 'max', 'last'] as const;
/** How many game and merge ids a player's seen set keeps: far more than could be retried. */
export const SEEN_IDS_KEPT = 500;

/** A mode's statistics in STATS_FIELDS order. */
type StatsNumbers = number[];

/** The best round count, then each mode's statistics. */
export interface RecordWordGameReply {
  best: number;
  daily: StatsNumbers;
  practice: StatsNumbers;
}

/**
 * Keeps the lower of the stored and the new round count, adds a finished game's result and a
 * guest's statistics to the player's, once each (by id, in `seen`), and answers the best round
 * count and each mode's statistics. A second Daily result for a day already counted is not
 * counted: the Daily word is played once.
 */
export const recordWordGame = defineScript<
  'scores' | 'stats' | 'seen',
  {
    game: string;
    rounds: number;
    /** The round count that stands for "never won". */
    neverWon: number;
    now: number;
    result?: { id: string; mode: string; won: boolean; guesses: number; day: number };
    merge?: { id: string; daily: StatsNumbers; practice: StatsNumbers };
  },
  RecordWordGameReply
>(
  `
local best = tonumber(redis.call('HGET', K.scores, A.game) or A.neverWon)
if A.rounds < best then
  redis.call('HSET', K.scores, A.game, A.rounds)
  best = A.rounds
end

local fields = {${STATS_FIELDS.map((field) => `'${field}'`).join(', ')}}
local function read(mode)
  local names = {}
  for i, field in ipairs(fields) do names[i] = mode .. ':' .. field end
  local values = redis.call('HMGET', K.stats, unpack(names))
  local stats = {}
  for i = 1, #fields do stats[i] = tonumber(values[i]) or (i == 10 and -1 or 0) end
  return stats
end
local function write(mode, stats)
  local entries = {}
  for i, field in ipairs(fields) do
    entries[#entries + 1] = mode .. ':' .. field
    entries[#entries + 1] = stats[i]
  end
  redis.call('HSET', K.stats, unpack(entries))
end
local function first_time(id)
  return redis.call('ZADD', K.seen, 'NX', A.now, id) == 1
end
local modes = {'daily', 'practice'}
local all = {daily = read('daily'), practice = read('practice')}
local changed = false

local result = A.result
if result then
  local stats, day = all[result.mode], result.day
  if not (result.mode == 'daily' and stats[10] >= day) and first_time(result.id) then
    stats[1] = stats[1] + 1
    if result.won then stats[1 + result.guesses] = stats[1 + result.guesses] + 1 end
    local continues = result.mode == 'practice' or stats[10] == day - 1
    if not result.won then stats[8] = 0 elseif continues then stats[8] = stats[8] + 1 else stats[8] = 1 end
    stats[9] = math.max(stats[9], stats[8])
    stats[10] = math.max(stats[10], day)
    changed = true
  end
end

local merge = A.merge
if merge and first_time(merge.id) then
  for _, name in ipairs(modes) do
    local account, guest = all[name], merge[name]
    if guest[10] >= account[10] then account[8] = guest[8] end
    for i = 1, 7 do account[i] = account[i] + guest[i] end
    account[9] = math.max(account[9], guest[9], account[8])
    account[10] = math.max(account[10], guest[10])
  end
  changed = true
end

if changed then
  write('daily', all.daily)
  write('practice', all.practice)
  redis.call('ZREMRANGEBYRANK', K.seen, 0, -${SEEN_IDS_KEPT + 1})
end
return cjson.encode({best = best, daily = all.daily, practice = all.practice})`,
  { json: true },
);
