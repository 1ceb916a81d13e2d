// Reading a list a page at a time, newest first (src/lib/page-cursor.ts), shared by the scripts
// that page through an index of records (a sorted set of ids scored by creation time, ms).

/**
 * Lua defining `page_ids(index, cutoff, before_score, before_id, n)`: up to n + 1 ids after the
 * cursor (before_id '' for the first page; ids of the same millisecond follow the index's own
 * order, by id descending), none scored below `cutoff`. More than n means another page follows.
 */
export const PAGE_IDS = `
local function page_ids(index, cutoff, before_score, before_id, n)
  if before_id == '' then
    return redis.call('ZREVRANGEBYSCORE', index, '+inf', cutoff, 'LIMIT', 0, n + 1)
  end
  local ids = {}
  if tonumber(before_score) < tonumber(cutoff) then return ids end
  local same = redis.call('ZRANGEBYSCORE', index, before_score, before_score)
  for i = #same, 1, -1 do
    if same[i] < before_id then ids[#ids + 1] = same[i] end
  end
  local older = redis.call('ZREVRANGEBYSCORE', index, '(' .. before_score, cutoff, 'LIMIT', 0, n + 1)
  for i = 1, #older do ids[#ids + 1] = older[i] end
  return ids
end
`;

/** Where a page starts: after the cursor's record (src/lib/page-cursor.ts cursorPosition), or at the newest. */
export type PageStart = { score: number; id: string } | undefined;

/** The arguments page_ids reads from `A`: `pageSize` records after `before`, none created before `cutoff`. */
export function pageArgs(before: PageStart, pageSize: number, cutoff: number) {
  return { pageSize, beforeScore: before ? String(before.score) : '+inf', beforeId: before?.id ?? '', cutoff };
}
