// The word game's Redis keys: an account's, so they are in src/server/keys.ts, with the other
// records account deletion removes.
import { keys } from '../../server/keys.ts';

export const wordGameKeys = {
  scores: keys.scores,
  stats: keys.wordGameStats,
  seen: keys.wordGameSeen,
} as const;
