// The wedding guest list (src/features/wedding): the owner's list loads only into an empty store.
import { defineLimitedScript } from './limited.ts';

/**
 * Fills the guest list only when it is empty. KEYS: the guests hash. ARGV: guest key, JSON guest,
 * guest key, JSON guest… Answers how many invitations it stored (0 when the list was there).
 */
export const createGuestsIfEmpty = defineLimitedScript<[guests: string], string[], number>(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return #ARGV / 2`);
