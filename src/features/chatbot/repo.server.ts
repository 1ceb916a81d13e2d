// The chatbot's day counters in Redis, the shared daily-cap counters (src/server/daily-cap.ts):
// questions and the model's tokens, each per address, per account and for the whole site. Counting goes through the scripts in src/server/scripts/chatbot.ts, which give every
// counter its expiry atomically.
import { type Guest, type SignedIn, isSignedIn, sessionOf } from '../../server/caller.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { type AskWithinCapsReply, addDayTokens, askWithinCaps } from '../../server/scripts/chatbot.ts';
import { checkedRead } from '../../server/session.ts';
import type { DailyCaps, DailyUse } from './logic.ts';

/** Who is asking: always an address, and a guest or a signed-in account (with its session check). */
export interface Asker {
  address: string;
  caller: SignedIn | Guest;
}

/** The chatbot's daily counters: questions and tokens, each per `ip:<address>`, `user:<account key>` and site-wide. */
export const CHATBOT_COUNTERS = { questions: 'chatbot-questions', tokens: 'chatbot-tokens' } as const;

function dayKeys(now: Date, asker: Asker) {
  const at = now.getTime();
  const counter = (cap: string, subject = '') => dailyCounter(cap, subject, at)[0];
  const [questions, ttl] = dailyCounter(CHATBOT_COUNTERS.questions, '', at);
  const address = `ip:${asker.address}`;
  const account = isSignedIn(asker.caller) ? `user:${asker.caller.accountKey}` : undefined;
  return {
    address: counter(CHATBOT_COUNTERS.questions, address),
    addressTokens: counter(CHATBOT_COUNTERS.tokens, address),
    account: account && {
      questions: counter(CHATBOT_COUNTERS.questions, account),
      tokens: counter(CHATBOT_COUNTERS.tokens, account),
    },
    questions,
    tokens: counter(CHATBOT_COUNTERS.tokens),
    ttl,
  };
}

/** The day's token totals after an answer: the site's, and the most of the asker's address and account. */
export interface TokenTotals {
  site: number;
  visitor: number;
}

/** Counts a question against the rate limit and the day's caps, all or nothing, in one round trip (a signed-in asker's session checked first). */
export function countQuestion(attempt: Attempt, asker: Asker, caps: DailyCaps, now: Date): Promise<AskWithinCapsReply> {
  const day = dayKeys(now, asker);
  const [rate, max, windowSeconds] = attemptCounter(attempt);
  const counted = [rate, day.address, day.questions, day.tokens, day.addressTokens] as const;
  return askWithinCaps.runChecked(
    sessionOf(asker.caller),
    day.account ? [...counted, day.account.questions, day.account.tokens] : [...counted],
    [max, windowSeconds, day.ttl, caps.visitor, caps.questions, caps.tokens, caps.visitorTokens],
  );
}

/** Adds the model's tokens to the day's totals (the site's, the address's, the account's) and answers them, in one round trip. */
export async function addTokens(tokens: number, asker: Asker, now: Date): Promise<TokenTotals> {
  const day = dayKeys(now, asker);
  const counters: [string, string] | [string, string, string] = day.account
    ? [day.tokens, day.addressTokens, day.account.tokens]
    : [day.tokens, day.addressTokens];
  const [site, visitor] = await addDayTokens.run(counters, [day.ttl, tokens]);
  return { site, visitor };
}

/** Reads what the asker and the site have used today, in one round trip (a signed-in asker's session checked in it). */
export async function readUse(asker: Asker, now: Date): Promise<DailyUse> {
  const day = dayKeys(now, asker);
  const [counts] = await checkedRead(sessionOf(asker.caller), (pipe) =>
    pipe.mget(
      day.address,
      day.questions,
      day.tokens,
      day.addressTokens,
      ...(day.account ? [day.account.questions, day.account.tokens] : []),
    ),
  );
  const [byAddress, questions, tokens, tokensByAddress, byAccount, tokensByAccount] = (counts as (string | null)[]).map(
    (count) => Number(count ?? 0),
  ) as number[];
  return {
    byAddress: byAddress!,
    questions: questions!,
    tokens: tokens!,
    tokensByAddress: tokensByAddress!,
    ...(day.account ? { byAccount: byAccount!, tokensByAccount: tokensByAccount! } : {}),
  };
}
