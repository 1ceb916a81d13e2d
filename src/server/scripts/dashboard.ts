// Game scores (src/features/dashboard): a player's best is the fewest rounds they ever won in.
import { defineScript } from './script.ts';

/**
 * Keeps the lower of the stored and the new round count for a game, and answers it. KEYS: the
 * player's scores hash. ARGV: the game, the new round count, the count that stands for "never won".
 */
export const keepBestScore = defineScript<[scores: string], [game: string, rounds: number, neverWon: number], number>(`
local best = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or ARGV[3])
local rounds = tonumber(ARGV[2])
if rounds < best then
  redis.call('HSET', KEYS[1], ARGV[1], rounds)
  best = rounds
end
return best`);
