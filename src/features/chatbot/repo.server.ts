// The chatbot's storage: its day counters (the shared daily-cap counters, questions and the
// model's tokens, each per address, per account and site-wide) and a signed-in visitor's
// conversations, under the account's key. Each call is one round trip.
import { type Guest, type SignedIn, isSignedIn, sessionOf } from '../../server/caller.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { type SessionUser, checkedRead } from '../../server/session.ts';
import { chatKeys } from './keys.server.ts';
import {
  CONVERSATION_TTL_DAYS,
  type DailyCaps,
  type DailyUse,
  MAX_ACCOUNT_CONVERSATION_BYTES,
  MAX_CONVERSATION_BYTES,
  MAX_CONVERSATION_MESSAGES,
  MAX_CONVERSATIONS,
  MAX_SITE_CONVERSATION_BYTES,
} from './logic.ts';
import type { ConversationSummary, KeptMessage } from './schema.ts';
import {
  addDayTokens,
  askWithinCaps,
  clearConversation,
  deleteConversation,
  keepTurn as keepTurnScript,
  readConversation,
  readConversations,
  renameConversation,
} from './scripts.server.ts';

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

/** How a question was counted: within the rate limit and the caps (with the questions left), or which refused it. */
export type AskVerdict =
  | ['ok', remaining: number]
  | ['limited', waitSeconds: number]
  | ['tokens' | 'questions' | 'visitor' | 'address' | 'visitor-tokens', max: number];

/**
 * Counts a question against the rate limit and the day's caps, all or nothing, in one round trip (a
 * signed-in asker's session checked first).
 */
export async function countQuestion(
  attempt: Attempt,
  asker: Asker,
  caps: DailyCaps,
  reserve: number,
  now: Date,
): Promise<AskVerdict> {
  const day = dayKeys(now, asker);
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter(attempt);
  const reply = await askWithinCaps.runChecked(
    sessionOf(asker.caller),
    {
      attempts,
      address: day.address,
      questions: day.questions,
      tokens: day.tokens,
      addressTokens: day.addressTokens,
      ...(day.account ? { account: day.account.questions, accountTokens: day.account.tokens } : {}),
    } as Parameters<typeof askWithinCaps.run>[0],
    { attemptsMax, attemptsWindow, dayTtl: day.ttl, caps, reserve },
  );
  const wait = secondsToWait(reply);
  if (wait !== undefined) return ['limited', wait];
  const [verdict, value] = reply.split(':') as [Exclude<AskVerdict[0], 'limited'>, string];
  return [verdict, Number(value)];
}

/**
 * Adds the model's tokens to the day's totals (the site's, the address's, the account's)
 * and answers them, in one round trip.
 */
export function addTokens(tokens: number, asker: Asker, now: Date): Promise<TokenTotals> {
  const day = dayKeys(now, asker);
  return addDayTokens.run(
    {
      site: day.tokens,
      address: day.addressTokens,
      ...(day.account ? { account: day.account.tokens } : {}),
    } as Parameters<typeof addDayTokens.run>[0],
    { dayTtl: day.ttl, tokens },
  );
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

// ----- Conversations -----

/** Whose conversations: the token's account, its session checked in each call. */
export type Owner = Pick<SessionUser, 'accountKey' | 'session'>;

/** Seconds a conversation is kept after the account last used its conversations. */
export const CONVERSATION_TTL_SECONDS = CONVERSATION_TTL_DAYS * 24 * 60 * 60;

function conversationKeys(owner: Owner) {
  return {
    index: chatKeys.conversations(owner.accountKey),
    titles: chatKeys.titles(owner.accountKey),
    messages: chatKeys.messages(owner.accountKey),
    accountBytes: chatKeys.accountBytes(),
    siteBytes: chatKeys.siteBytes(),
    lastUsed: chatKeys.lastUsed(),
  };
}

/** What every conversation script is told: whose, when (ms) and the expiry (s). */
const use = (owner: Owner) => ({ account: owner.accountKey, now: Date.now(), ttl: CONVERSATION_TTL_SECONDS });

/** The account's conversations, most recently changed first. */
export async function listConversations(owner: Owner): Promise<ConversationSummary[]> {
  const list = await readConversations.runChecked(owner.session, conversationKeys(owner), use(owner));
  return (Array.isArray(list) ? list : []).map(({ id, title, at }) => ({
    id,
    title: title || '',
    updatedAt: Number(at),
  }));
}

/** One of the account's conversations with its messages; undefined when it has none by that id. */
export async function getConversation(
  owner: Owner,
  id: string,
): Promise<(ConversationSummary & { messages: KeptMessage[] }) | undefined> {
  const read = await readConversation.runChecked(owner.session, conversationKeys(owner), { ...use(owner), id });
  if (read === 'none') return undefined;
  let messages: KeptMessage[] = [];
  try {
    const parsed: unknown = JSON.parse(read.messages);
    // cjson writes an empty list as {}.
    if (Array.isArray(parsed)) messages = parsed as KeptMessage[];
  } catch {
    // a body that cannot be read is an empty conversation, not a failure
  }
  return { id, title: read.title, updatedAt: Number(read.at), messages };
}

/** A question and the server's answer to keep in a conversation. */
export interface Turn {
  conversationId: string;
  /** The title a new conversation takes. */
  title: string;
  question: KeptMessage & { id: number };
  answer: KeptMessage & { id: number };
}

/** Keeps a turn within the caps: 'kept', or which byte budget refused it (nothing changed). */
export function keepTurn(owner: Owner, turn: Turn): Promise<'kept' | 'account-full' | 'site-full'> {
  const used = use(owner);
  return keepTurnScript.runChecked(owner.session, conversationKeys(owner), {
    ...used,
    // A minute's margin: the store's clock, which expires the keys, may run behind ours.
    expiredBefore: used.now - (CONVERSATION_TTL_SECONDS + 60) * 1000,
    id: turn.conversationId,
    title: turn.title,
    questionId: turn.question.id,
    turn: [turn.question, turn.answer],
    caps: {
      conversations: MAX_CONVERSATIONS,
      messages: MAX_CONVERSATION_MESSAGES,
      bytes: MAX_CONVERSATION_BYTES,
      accountBytes: MAX_ACCOUNT_CONVERSATION_BYTES,
      siteBytes: MAX_SITE_CONVERSATION_BYTES,
    },
  });
}

/**
 * Empties one of the account's conversations: its title and when it changed, or undefined when it has none by that id.
 */
export async function clearOwnConversation(
  owner: Owner,
  id: string,
): Promise<Omit<ConversationSummary, 'id'> | undefined> {
  const reply = await clearConversation.runChecked(owner.session, conversationKeys(owner), { ...use(owner), id });
  return reply === 'none' ? undefined : { title: reply.title, updatedAt: reply.at };
}

/** Renames one of the account's conversations: when it last changed, or undefined when it has none by that id. */
export async function renameOwnConversation(owner: Owner, id: string, title: string): Promise<number | undefined> {
  const reply = await renameConversation.runChecked(owner.session, conversationKeys(owner), {
    ...use(owner),
    id,
    title,
  });
  return reply === 'none' ? undefined : Number(reply.slice('renamed:'.length));
}

/** Deletes one of the account's conversations; false when it has none by that id. */
export async function deleteOwnConversation(owner: Owner, id: string): Promise<boolean> {
  const reply = await deleteConversation.runChecked(owner.session, conversationKeys(owner), { ...use(owner), id });
  return reply === 'deleted';
}
