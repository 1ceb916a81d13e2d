// The chatbot use case: a question to the model within the rate limit and the day's spending caps
// (per visitor, for the whole site, and on the model's tokens), the questions left today, and a
// signed-in visitor's conversations (only ever the token's account's).
import { features, owner, projects, resume } from '../../content/site.config.ts';
import { AiError, type ChatMessage, aiConfigured, askModel, streamModel, worstCaseTokens } from '../../server/ai.ts';
import { AppError } from '../../server/app-error.ts';
import { isSignedIn } from '../../server/caller.ts';
import { capFromEnv, overDailyCap } from '../../server/daily-cap.ts';
import { lastPathSegment, parseWith } from '../../server/http.ts';
import { type RateLimit, rateLimited } from '../../server/rate-limit.ts';
import {
  CONVERSATIONS_FULL,
  type DailyCaps,
  MAX_TURN_LENGTH,
  SITE_CONVERSATIONS_FULL,
  capMessage,
  keptHistory,
  myWorkPrompt,
  passagesMessage,
  rankPassages,
  sourcesOf,
  remainingQuestions,
  titleFrom,
} from './logic.ts';
import { PASSAGES } from './passages.ts';
import * as repo from './repo.server.ts';
import { type Asker, type TokenTotals, addTokens, countQuestion, readUse } from './repo.server.ts';
import {
  type AskEvent,
  type AskRequest,
  type ConversationResponse,
  type ConversationSummary,
  type KeptMessage,
  type Source,
  conversationId,
} from './schema.ts';

// Enough for a real conversation; each question costs money, so scripts are held back.
export const LIMITS = {
  questionsPerAddress: { bucket: 'ask-ai-ip', max: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

/**
 * The daily caps' settings and their defaults (README, Environment variables). With the default
 * model (gpt-4o-mini) the token cap bounds a day's bill to well under a dollar.
 */
export const DAILY_CAP_SETTINGS = {
  /** Questions a guest may ask per day, counted per address. */
  guest: { env: 'CHATBOT_GUEST_QUESTIONS_PER_DAY', fallback: 20 },
  /** Questions a signed-in user may ask per day, counted per account and per address. */
  user: { env: 'CHATBOT_USER_QUESTIONS_PER_DAY', fallback: 50 },
  /** Questions the whole site answers per day. */
  questions: { env: 'CHATBOT_QUESTIONS_PER_DAY', fallback: 500 },
  /** Model tokens (prompt and completion, as the model reports them) the whole site spends per day. */
  tokens: { env: 'CHATBOT_TOKENS_PER_DAY', fallback: 500_000 },
  /**
   * Model tokens one visitor may spend per day, counted per address and (signed in) per account: a
   * twentieth of the site's default day, so padded prompts from a few addresses cannot use it all.
   */
  visitorTokens: { env: 'CHATBOT_TOKENS_PER_VISITOR_PER_DAY', fallback: 25_000 },
} as const;

export const NOT_CONFIGURED = 'The chatbot is not configured on this site.';
export const UNREACHABLE = 'Unable to reach chatbot. An error has occurred.';
export const CONVERSATION_NOT_KEPT = 'This answer could not be kept with your conversation. It stays on this page.';

/** A cap's setting: a whole number of 0 or more (0 switches the chatbot off), else its default. */
function capSetting({ env, fallback }: { env: string; fallback: number }): number {
  return capFromEnv(env, fallback);
}

/** The caps in force for this asker: a signed-in user's are higher than a guest's. */
export function dailyCaps(asker: Asker): DailyCaps {
  return {
    visitor: capSetting(isSignedIn(asker.caller) ? DAILY_CAP_SETTINGS.user : DAILY_CAP_SETTINGS.guest),
    visitorTokens: capSetting(DAILY_CAP_SETTINGS.visitorTokens),
    questions: capSetting(DAILY_CAP_SETTINGS.questions),
    tokens: capSetting(DAILY_CAP_SETTINGS.tokens),
  };
}

export interface Answer {
  text: string;
  /** The questions this visitor may still ask today. */
  remaining: number;
  /** Why the turn was not kept in the asker's conversation, when it was not. */
  notKept?: string;
  /** The owner's pages a my-work answer was given, chosen by the server: never the model's. */
  sources?: Source[];
}

/**
 * The "Ask about my work" preset's system prompt, built once from the owner's config when this
 * module loads (so into the function's bundle at build): about 9,500 characters, some 2,400 tokens,
 * for the site's own config.
 */
export const MY_WORK_PROMPT = myWorkPrompt({ owner, projects, resume, features });

/** The passages of the owner's pages (passages.ts, written at build) that best answer a my-work question. */
function citedPassages(input: AskRequest) {
  return input.preset === 'my-work' ? rankPassages(input.userQuestion, PASSAGES, owner.name) : [];
}

/** The pages a my-work answer shows under it: those of the passages its model was given. */
export function answerSources(input: AskRequest): Source[] | undefined {
  return input.preset === 'my-work' ? sourcesOf(citedPassages(input)) : undefined;
}

/**
 * What the model is sent: the chosen instruction (or the server's preset, then the passages of the
 * owner's pages that bear on the question), the kept earlier turns, then the question.
 */
export function modelMessages(input: AskRequest): ChatMessage[] {
  const myWork = input.preset === 'my-work';
  return [
    { role: 'system', content: myWork ? MY_WORK_PROMPT : input.userSystemChoice },
    ...(myWork ? [{ role: 'system' as const, content: passagesMessage(citedPassages(input), owner.name) }] : []),
    ...keptHistory(input.history),
    { role: 'user', content: input.userQuestion },
  ];
}

/**
 * Counts the question against the rate limit and the day's caps, reserving the worst case of its
 * answer on the token totals (one store round trip), or throws the refusal. Answers the caps, the
 * questions left after this one and the tokens reserved, which `settle` replaces by the real count.
 */
async function admit(
  input: AskRequest,
  asker: Asker,
  requestId: string,
): Promise<{ caps: DailyCaps; remaining: number; reserved: number }> {
  if (!aiConfigured()) {
    console.error(`[${requestId}] ask-ai: OPENAI_API_KEY (or OPENAI_BASE_URL) is not set.`);
    throw new AppError('unavailable', NOT_CONFIGURED);
  }
  const now = new Date();
  const caps = dailyCaps(asker);
  const reserved = worstCaseTokens(modelMessages(input));
  const [verdict, value] = await countQuestion([LIMITS.questionsPerAddress, asker.address], asker, caps, reserved, now);
  if (verdict === 'limited') throw rateLimited(value);
  if (verdict !== 'ok') throw overDailyCap(capMessage(verdict, value, now), now.getTime());
  return { caps, remaining: value, reserved };
}

/** Logs a failed model call and counts what it may have cost in the reserve's place; answers the visitor's error. */
async function failed(error: AiError, asker: Asker, requestId: string, reserved: number): Promise<AppError> {
  console.error(`[${requestId}] ask-ai: ${error.message}`);
  await settle(error.tokens, reserved, asker, requestId);
  return new AppError('unavailable', UNREACHABLE);
}

/**
 * Answers a visitor's question under their system instruction, with the conversation so far,
 * after counting it against the rate limit and the day's caps (one store round trip); the model's
 * tokens are then added to the day's total and a signed-in asker's turn kept (together, one more).
 * Aborting `signal` (the asker left) aborts the model call.
 */
export async function ask(input: AskRequest, asker: Asker, requestId: string, signal?: AbortSignal): Promise<Answer> {
  const { caps, remaining, reserved } = await admit(input, asker, requestId);
  let answer: Awaited<ReturnType<typeof askModel>>;
  try {
    answer = await askModel(modelMessages(input), signal);
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    throw await failed(error, asker, requestId, reserved);
  }
  const sources = answerSources(input);
  const [spent, notKept] = await Promise.all([
    settle(answer.tokens, reserved, asker, requestId),
    keep(input, asker, { text: answer.text, ...(sources && { sources }) }, requestId),
  ]);
  return {
    text: answer.text,
    remaining: leftAfter(spent, caps, remaining),
    ...(notKept && { notKept }),
    ...(sources && { sources }),
  };
}

const NOT_KEPT: Record<'account-full' | 'site-full', string> = {
  'account-full': CONVERSATIONS_FULL,
  'site-full': SITE_CONVERSATIONS_FULL,
};

/**
 * Keeps the question and the server's own answer (whole, stopped or failed part-way) in the
 * signed-in asker's conversation the request names; a guest's stay in their browser. Answers why
 * it was not kept: a byte budget's, an ended session's or a failed store's message (the answer
 * stands either way, so this never throws).
 */
async function keep(
  input: AskRequest,
  asker: Asker,
  answer: Omit<KeptMessage, 'from' | 'id'>,
  requestId: string,
): Promise<string | undefined> {
  const { conversation } = input;
  if (!conversation || !isSignedIn(asker.caller)) return undefined;
  try {
    const verdict = await repo.keepTurn(asker.caller, {
      conversationId: conversation.id,
      title: titleFrom(input.userQuestion),
      question: { id: conversation.questionId, from: 'user', text: input.userQuestion },
      answer: { id: conversation.questionId + 1, from: 'ai', ...answer, text: answer.text.slice(0, MAX_TURN_LENGTH) },
    });
    return verdict === 'kept' ? undefined : NOT_KEPT[verdict];
  } catch (error) {
    if (error instanceof AppError) return error.message; // the session ended meanwhile
    console.error(
      `[${requestId}] ask-ai: the answer could not be kept (${error instanceof Error ? error.name : 'unknown error'}).`,
    );
    return CONVERSATION_NOT_KEPT;
  }
}

const encoder = new TextEncoder();

/** Encodes an event as a server-sent event: its name and its JSON on one `data` line. */
export function sseEvent({ event, data }: AskEvent): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * Answers as `ask` does, streamed: the caps are counted (one round trip) and the model's first
 * words awaited before the stream starts, so every refusal and a model that fails before it says
 * anything are the same errors as `ask`'s. The stream then carries the answer as the model writes
 * it (AskEvent); the model's tokens are added to the day's total (the second round trip) before
 * the `done` event, which needs the total. When the asker leaves or stops (`signal`, or the stream
 * cancelled), the model call is aborted, so no more tokens are written, and its worst case is
 * counted, since the model may have written more than arrived.
 */
export async function askStreamed(
  input: AskRequest,
  asker: Asker,
  requestId: string,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const { caps, remaining, reserved } = await admit(input, asker, requestId);
  const upstream = new AbortController();
  const stop = () => upstream.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  const pieces = streamModel(modelMessages(input), upstream.signal);
  let first: IteratorResult<string, number>;
  try {
    first = await pieces.next();
  } catch (error) {
    signal?.removeEventListener('abort', stop);
    if (!(error instanceof AiError)) throw error;
    throw await failed(error, asker, requestId, reserved);
  }

  let out!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const send = (event: AskEvent) => {
    if (!open) return;
    try {
      out.enqueue(sseEvent(event));
    } catch {
      open = false; // cancelled meanwhile
    }
  };
  const finish = () => {
    signal?.removeEventListener('abort', stop);
    if (!open) return;
    open = false;
    try {
      out.close();
    } catch {
      // cancelled meanwhile
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
    },
    cancel() {
      open = false;
      stop();
    },
  });
  void (async () => {
    let next = first;
    let text = '';
    try {
      while (!next.done) {
        text += next.value;
        send({ event: 'text', data: { text: next.value } });
        next = await pieces.next();
      }
      const sources = answerSources(input);
      const [spent, notKept] = await Promise.all([
        settle(next.value, reserved, asker, requestId),
        keep(input, asker, { text, ...(sources && { sources }) }, requestId),
      ]);
      const left = leftAfter(spent, caps, remaining);
      send({ event: 'done', data: { remaining: left, ...(notKept && { notKept }), ...(sources && { sources }) } });
    } catch (error) {
      const known = error instanceof AiError;
      const stopped = upstream.signal.aborted;
      // An asker who stops an answer is no failure: noted, not logged as an error.
      if (known) (stopped ? console.info : console.error)(`[${requestId}] ask-ai: ${error.message}`);
      else console.error(`[${requestId}] ask-ai: the stream failed: ${String(error)}`);
      await Promise.all([
        settle(known ? error.tokens : reserved, reserved, asker, requestId),
        keep(
          input,
          asker,
          stopped ? { text, state: 'stopped' } : { text, state: 'failed', error: UNREACHABLE },
          requestId,
        ),
      ]);
      send({ event: 'error', data: { error: UNREACHABLE, code: 'unavailable' } });
    } finally {
      finish();
    }
  })();
  return stream;
}

/**
 * The questions left after an answer that took the day's token totals to `spent`: none once the
 * site's or the visitor's share is used.
 */
function leftAfter(spent: TokenTotals, caps: DailyCaps, remaining: number): number {
  return spent.site >= caps.tokens || spent.visitor >= caps.visitorTokens ? 0 : remaining;
}

/**
 * Puts the tokens an answer cost in place of its reserve on the day's totals (the site's and the
 * asker's) and answers them. The answer is already paid for, so a store failure here is logged,
 * not shown (the reserve then stays counted, and 0s are answered).
 */
async function settle(tokens: number, reserved: number, asker: Asker, requestId: string): Promise<TokenTotals> {
  try {
    return await addTokens(tokens - reserved, asker, new Date());
  } catch (error) {
    // The error's name only: a store error's text may carry the command's keys.
    const kind = error instanceof Error ? error.name : 'unknown error';
    console.error(`[${requestId}] ask-ai: the model's ${tokens} tokens could not be counted (${kind}).`);
    return { site: 0, visitor: 0 };
  }
}

/** The questions this visitor may still ask today, read in one round trip. */
export async function questionsLeft(asker: Asker): Promise<number> {
  return remainingQuestions(dailyCaps(asker), await readUse(asker, new Date()));
}

// ----- Conversations -----

const NOT_FOUND = 'That conversation is not kept (it may have been deleted or forgotten).';

/** The account's conversations, most recently changed first. */
export function listConversations(owner: repo.Owner): Promise<ConversationSummary[]> {
  return repo.listConversations(owner);
}

/** One of the account's conversations with its messages; 404 when it has none by that id. */
export async function getConversation(owner: repo.Owner, id: string): Promise<ConversationResponse['conversation']> {
  const conversation = await repo.getConversation(owner, id);
  if (!conversation) throw new AppError('not_found', NOT_FOUND);
  return conversation;
}

/** Empties one of the account's conversations (it stays, with its title); 404 when it has none by that id. */
export async function clearOwnConversation(owner: repo.Owner, id: string): Promise<ConversationSummary> {
  const cleared = await repo.clearOwnConversation(owner, id);
  if (!cleared) throw new AppError('not_found', NOT_FOUND);
  return { id, ...cleared };
}

/** Renames one of the account's conversations; 404 when it has none by that id. */
export async function renameOwnConversation(
  owner: repo.Owner,
  id: string,
  title: string,
): Promise<ConversationSummary> {
  const at = await repo.renameOwnConversation(owner, id, title);
  if (at === undefined) throw new AppError('not_found', NOT_FOUND);
  return { id, title, updatedAt: at };
}

/** Deletes one of the account's conversations; 404 when it has none by that id. */
export async function deleteOwnConversation(owner: repo.Owner, id: string): Promise<void> {
  if (!(await repo.deleteOwnConversation(owner, id))) throw new AppError('not_found', NOT_FOUND);
}

/** The conversation id the request's path ends with; 400 when it is not one. */
export function conversationIdOf(req: Request): string {
  return parseWith(conversationId, lastPathSegment(req));
}
