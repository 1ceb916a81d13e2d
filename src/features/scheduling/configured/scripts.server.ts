// The catalogues' Lua: the schedule items and reunion dates the configured polls may offer.
import { defineLimitedScript } from '../../../server/scripts/limited.ts';
import { LEAVE_IF_NO_VOTES } from '../voting/scripts.server.ts';

/**
 * Stores each poll, then offers it those of its options the catalogue has, raising its version;
 * answers how many were new to their poll.
 */
export const offerExisting = defineLimitedScript<
  'catalogue' | 'polls' | 'offered' | 'states',
  { polls: { id: string; definition: string; options: string[] }[] },
  number | 'no-catalogue'
>(`
for _, poll in ipairs(A.polls) do redis.call('HSET', K.polls, poll.id, poll.definition) end
if redis.call('EXISTS', K.catalogue) == 0 then return 'no-catalogue' end
local added = 0
for i, poll in ipairs(A.polls) do
  for _, option in ipairs(poll.options) do
    if redis.call('HEXISTS', K.catalogue, option) == 1 then added = added + redis.call('SADD', K.offered[i], option) end
  end
  redis.call('HINCRBY', K.states[i], 'version', 1)
end
return added`);

/**
 * Deletes the catalogue and takes its ids out of the polls with their votes (and the people left
 * with none); answers how many ids it held.
 */
export const dropCatalogue = defineLimitedScript<
  'catalogue' | 'offered' | 'votes' | 'people' | 'states',
  object,
  number
>(`${LEAVE_IF_NO_VOTES}
local ids = redis.call('HKEYS', K.catalogue)
local dropped = {}
for _, id in ipairs(ids) do dropped[id] = true end
for i, offered in ipairs(K.offered) do
  for _, id in ipairs(ids) do redis.call('SREM', offered, id) end
  for _, vote in ipairs(redis.call('ZRANGE', K.votes[i], 0, -1)) do
    local voter, option = string.match(vote, '^([^\\n]*)\\n([^\\n]*)')
    if dropped[option] then
      redis.call('ZREM', K.votes[i], vote)
      leave_if_no_votes(K.votes[i], K.people[i], voter)
    end
  end
  redis.call('HINCRBY', K.states[i], 'version', 1)
end
redis.call('DEL', K.catalogue)
return #ids`);
