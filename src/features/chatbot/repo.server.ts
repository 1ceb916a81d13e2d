// The chatbot's day counters in Redis, the shared daily-cap counters (src/server/daily-cap.ts):
// questions per address, per account and for the whole site, and the model's tokens for the whole
// site. Counting goes through the scripts in src/server/scripts/chatbot.ts, which give every
// counter its expiry atomically.
import { type Guest, type SignedIn, isSignedIn, sessionOf } from '../../server/caller.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { usernameKey } from '../../server/keys.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { type AskWithinCapsReply, addDayTokens, askWithinCaps } from '../../server/scripts/chatbot.ts';
import { checkedRead } from '../../server/session.ts';
import type { DailyCaps, DailyUse } from './logic.ts';

/** Who is asking: always an address, and a guest or a signed-in account (with its session check). */
export interface Asker {
  address: string;
  caller: SignedIn | Guest;
}

/** The chatbot's daily counters: questions (per `ip:<address>`, `user:<username key>` or site-wide) and tokens. */
export const CHATBOT_COUNTERS = { questions: 'chatbot-questions', tokens: 'chatbot-tokens' } as const;

function dayKeys(now: Date, asker: Asker) {
  const at = now.getTime();
  const counter = (cap: string, subject = '') => dailyCounter(cap, subject, at)[0];
  const [questions, ttl] = dailyCounter(CHATBOT_COUNTERS.questions, '', at);
  return {
    address: counter(CHATBOT_COUNTERS.questions, `ip:${asker.address}`),
    account: isSignedIn(asker.caller)
      ? counter(CHATBOT_COUNTERS.questions, `user:${usernameKey(asker.caller.username)}`)
      : undefined,
    questions,
    tokens: counter(CHATBOT_COUNTERS.tokens),
    ttl,
  };
}

/** Counts a question against the rate limit and the day's caps, all or nothing, in one round trip (a signed-in asker's session checked first). */
export function countQuestion(attempt: Attempt, asker: Asker, caps: DailyCaps, now: Date): Promise<AskWithinCapsReply> {
  const day = dayKeys(now, asker);
  const [rate, max, windowSeconds] = attemptCounter(attempt);
  const counted = [rate, day.address, day.questions, day.tokens] as const;
  return askWithinCaps.runChecked(sessionOf(asker.caller), day.account ? [...counted, day.account] : [...counted], [
    max,
    windowSeconds,
    day.ttl,
    caps.visitor,
    caps.questions,
    caps.tokens,
  ]);
}

/** Adds the model's tokens to the day's total and answers the new total, in one round trip. */
export function addTokens(tokens: number, now: Date): Promise<number> {
  const [counter, ttl] = dailyCounter(CHATBOT_COUNTERS.tokens, '', now.getTime());
  return addDayTokens.run([counter], [ttl, tokens]);
}

/** Reads what the asker and the site have used today, in one round trip (a signed-in asker's session checked in it). */
export async function readUse(asker: Asker, now: Date): Promise<DailyUse> {
  const day = dayKeys(now, asker);
  const [counts] = await checkedRead(sessionOf(asker.caller), (pipe) =>
    pipe.mget(day.address, day.questions, day.tokens, ...(day.account ? [day.account] : [])),
  );
  const [byAddress, questions, tokens, byAccount] = counts as (string | null)[];
  return {
    byAddress: Number(byAddress ?? 0),
    questions: Number(questions ?? 0),
    tokens: Number(tokens ?? 0),
    ...(day.account ? { byAccount: Number(byAccount ?? 0) } : {}),
  };
}
