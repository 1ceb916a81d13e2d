// The one-question poll (src/features/poll): one vote per voter and question, and a question takes
// a bounded number of voters, so its public results stay a bounded read.
import { defineScript } from './script.ts';

/**
 * Records a voter's vote unless they already voted or the question has `maxVoters` voters.
 * KEYS: the question's votes. ARGV: voter key, JSON vote, the most voters. Answers 1 recorded,
 * 0 already voted, -1 full.
 */
export const castVote = defineScript<[votes: string], [voterKey: string, json: string, maxVoters: number], 1 | 0 | -1>(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`);
