// The chatbot's day counters in Redis (keys.chatbotDay): questions per address, per account and
// for the whole site, and the model's tokens for the whole site. Counting goes through the
// scripts in src/server/scripts/chatbot.ts, which give every counter its expiry atomically.
import { keys, usernameKey } from '../../server/keys.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { redis } from '../../server/redis.ts';
import { type AskWithinCapsReply, addDayTokens, askWithinCaps } from '../../server/scripts/chatbot.ts';
import { type DailyCaps, type DailyUse, secondsUntilReset, utcDay } from './logic.ts';

/** Who is asking: always an address, and an account when signed in. */
export interface Asker {
  address: string;
  username?: string;
}

/**
 * A day's counters live this long past the day's end, so a store whose clock runs a little ahead
 * of the function's never drops them early; the day in the key keeps days apart.
 */
const DAY_TTL_SLACK_SECONDS = 300;

function dayKeys(now: Date, asker: Asker) {
  const day = utcDay(now);
  return {
    address: keys.chatbotDay(day, `ip:${asker.address}`),
    account: asker.username === undefined ? undefined : keys.chatbotDay(day, `user:${usernameKey(asker.username)}`),
    questions: keys.chatbotDay(day, 'questions'),
    tokens: keys.chatbotDay(day, 'tokens'),
  };
}

const dayTtl = (now: Date) => secondsUntilReset(now) + DAY_TTL_SLACK_SECONDS;

/** Counts a question against the rate limit and the day's caps, all or nothing, in one round trip. */
export function countQuestion(attempt: Attempt, asker: Asker, caps: DailyCaps, now: Date): Promise<AskWithinCapsReply> {
  const day = dayKeys(now, asker);
  const [rate, max, windowSeconds] = attemptCounter(attempt);
  const counted = [rate, day.address, day.questions, day.tokens] as const;
  return askWithinCaps.run(day.account ? [...counted, day.account] : [...counted], [
    max,
    windowSeconds,
    dayTtl(now),
    caps.visitor,
    caps.questions,
    caps.tokens,
  ]);
}

/** Adds the model's tokens to the day's total and answers the new total, in one round trip. */
export function addTokens(tokens: number, now: Date): Promise<number> {
  return addDayTokens.run([keys.chatbotDay(utcDay(now), 'tokens')], [dayTtl(now), tokens]);
}

/** Reads what the asker and the site have used today, in one round trip. */
export async function readUse(asker: Asker, now: Date): Promise<DailyUse> {
  const day = dayKeys(now, asker);
  const [byAddress, questions, tokens, byAccount] = await redis().mget<(number | null)[]>(
    day.address,
    day.questions,
    day.tokens,
    ...(day.account ? [day.account] : []),
  );
  return {
    byAddress: Number(byAddress ?? 0),
    questions: Number(questions ?? 0),
    tokens: Number(tokens ?? 0),
    ...(day.account ? { byAccount: Number(byAccount ?? 0) } : {}),
  };
}
