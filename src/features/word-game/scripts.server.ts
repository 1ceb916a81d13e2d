// Word game scores (src/features/word-game): a player's best is the fewest rounds they ever won in;
// the statistics per mode follow the arithmetic of src/features/word-game/stats.ts.
import { defineScript } from '../../server/scripts/script.ts';

/** The statistics fields of a mode, in the order the script reads, writes and answers them. */
export const STATS_FIELDS = ['played', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'current', 'max', 'last'] as const;
/** How many game and merge ids a player's seen set keeps: far more than could be retried. */
export const SEEN_IDS_KEPT = 500;

/**
 * Keeps the lower of the stored and the new round count, adds a finished game's result and a
 * guest's statistics to the player's, once each (by id), and answers the best round count then
 * each mode's statistics (STATS_FIELDS, daily first). A second Daily result for a day already
 * counted is not counted: the Daily word is played once.
 * KEYS: the scores hash, the statistics hash, the sorted set of ids already counted.
 * ARGV: the game, the round count, the count that stands for "never won", the time (ms);
 * then the result (id, mode, won 0/1, guesses, day), or five empty strings;
 * then the merge id (empty for none) and each mode's guest statistics (daily then practice,
 * STATS_FIELDS each).
 */
export const recordWordGame = defineScript<
  [scores: string, stats: string, seen: string],
  [game: string, rounds: number, neverWon: number, now: number, ...rest: (string | number)[]],
  number[]
>(`
local best = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or ARGV[3])
local rounds = tonumber(ARGV[2])
if rounds < best then
  redis.call('HSET', KEYS[1], ARGV[1], rounds)
  best = rounds
end

local fields = {${STATS_FIELDS.map((field) => `'${field}'`).join(', ')}}
local function read(mode)
  local names = {}
  for i, field in ipairs(fields) do names[i] = mode .. ':' .. field end
  local values = redis.call('HMGET', KEYS[2], unpack(names))
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
  redis.call('HSET', KEYS[2], unpack(entries))
end
local function first_time(id)
  return redis.call('ZADD', KEYS[3], 'NX', ARGV[4], id) == 1
end
local modes = {'daily', 'practice'}
local all = {daily = read('daily'), practice = read('practice')}
local changed = false

local id, mode = ARGV[5], ARGV[6]
if id ~= '' then
  local won, guesses, day = ARGV[7] == '1', tonumber(ARGV[8]), tonumber(ARGV[9])
  local stats = all[mode]
  if not (mode == 'daily' and stats[10] >= day) and first_time(id) then
    stats[1] = stats[1] + 1
    if won then stats[1 + guesses] = stats[1 + guesses] + 1 end
    local continues = mode == 'practice' or stats[10] == day - 1
    if not won then stats[8] = 0 elseif continues then stats[8] = stats[8] + 1 else stats[8] = 1 end
    stats[9] = math.max(stats[9], stats[8])
    stats[10] = math.max(stats[10], day)
    changed = true
  end
end

local merge = ARGV[10]
if merge ~= '' and first_time(merge) then
  for m, name in ipairs(modes) do
    local account, guest = all[name], {}
    for i = 1, #fields do guest[i] = tonumber(ARGV[10 + (m - 1) * #fields + i]) end
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
  redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -${SEEN_IDS_KEPT + 1})
end
local reply = {best}
for _, name in ipairs(modes) do
  for i = 1, #fields do reply[#reply + 1] = all[name][i] end
end
return reply`);
