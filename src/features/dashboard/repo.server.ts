import { keys, usernameKey } from '../../server/keys.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { NEVER_WON } from './schema.ts';

// Keeps the lower of the stored and the new round count, atomically, and returns it.
const KEEP_BEST = `
local best = tonumber(redis.call('hget', KEYS[1], ARGV[1]) or ARGV[3])
local score = tonumber(ARGV[2])
if score < best then
  redis.call('hset', KEYS[1], ARGV[1], score)
  best = score
end
return best`;

/** Records a round count for a game and returns the best (lowest) one. */
export async function recordBest(username: string, game: string, rounds: number): Promise<number> {
  return Number(
    await redis().eval(KEEP_BEST, [keys.scores(usernameKey(username))], [game, String(rounds), String(NEVER_WON)]),
  );
}

/** Reads a user's best scores by game. */
export async function readScores(username: string): Promise<Record<string, number>> {
  const hash = hashReply(await redis().hgetall(keys.scores(usernameKey(username)))) ?? {};
  return Object.fromEntries(Object.entries(hash).map(([game, value]) => [game, Number(value)]));
}
