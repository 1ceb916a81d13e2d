// The trim that keeps an index within its retention (src/server/retention.ts), shared by the
// scripts that write what it lists.

/**
 * Lua defining `trim_index(index, prefix, cutoff, batch, keep)`: removes from `index` (a sorted set
 * of ids scored by creation time, ms) at most `batch` of its oldest ids, those scored below
 * `cutoff` or, when `keep` is above 0, beyond its newest `keep`, and deletes each one's record, the
 * key `prefix .. id` (keys.ts names it: the caller passes its key for the id ''; a record's key is
 * only known once its id is read, here). Answers how many it removed. A script includes it and
 * calls it with its own KEYS and ARGV, after writing what is new.
 */
export const TRIM_INDEX = `
local function trim_index(index, prefix, cutoff, batch, keep)
  batch = tonumber(batch)
  local ids = redis.call('ZRANGEBYSCORE', index, '-inf', '(' .. cutoff, 'LIMIT', 0, batch)
  local excess = 0
  if tonumber(keep) > 0 then excess = redis.call('ZCARD', index) - tonumber(keep) end
  if excess > #ids then ids = redis.call('ZRANGE', index, 0, math.min(excess, batch) - 1) end
  if #ids == 0 then return 0 end
  for i = 1, #ids do redis.call('DEL', prefix .. ids[i]) end
  redis.call('ZREM', index, unpack(ids))
  return #ids
end
`;
