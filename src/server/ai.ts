// The chatbot's model through the `openai` client. OPENAI_API_KEY switches it on; OPENAI_BASE_URL
// points it at any OpenAI-compatible server (a local one needs no key). Local runs and tests point
// it at tools/fake-openai.
import OpenAI from 'openai';
import { optionalEnv } from './env.ts';

export const DEFAULT_MODEL = 'gpt-4o-mini';
/**
 * Long enough for a thoughtful answer (a page of code), short enough to bound cost and wait: at
 * the 70-100 tokens a second gpt-4o-mini usually writes it takes 6 to 9 s, and even at
 * SLOWEST_TOKENS_PER_SECOND it arrives within MODEL_TIMEOUT_MS.
 */
export const MAX_ANSWER_TOKENS = 600;
/** The slowest rate a busy model writes at that an answer must still complete at (tokens a second). */
export const SLOWEST_TOKENS_PER_SECOND = 15;
/**
 * A synchronous Netlify function's time limit: 60 s (docs.netlify.com, Functions overview). When
 * the platform kills a function mid-call, the model goes on writing (and billing) an answer nobody
 * receives, and the function never gets to count its tokens; a call we abandon ourselves is
 * counted at its worst case (askModel).
 */
export const FUNCTION_TIME_LIMIT_MS = 60_000;
/**
 * How long one answer may take: the function's limit less time for the caps' two store round
 * trips and the response, so the model call is always abandoned before the function is killed.
 * OPENAI_TIMEOUT_MS may lower it (tests, an impatient owner), never raise it.
 */
export const MODEL_TIMEOUT_MS = 50_000;

/** The model call's timeout: OPENAI_TIMEOUT_MS when it is a positive number below MODEL_TIMEOUT_MS, else that bound. */
export function modelTimeoutMs(): number {
  const wanted = Number(optionalEnv('OPENAI_TIMEOUT_MS'));
  return Number.isFinite(wanted) && wanted > 0 ? Math.min(wanted, MODEL_TIMEOUT_MS) : MODEL_TIMEOUT_MS;
}

/** The model's answer and the tokens it reports having used (prompt and completion). */
export interface ModelAnswer {
  text: string;
  tokens: number;
}

/** The model could not answer: unreachable, refused, timed out, or said nothing. */
export class AiError extends Error {
  /** The tokens the failed call may still have cost (reported, or the worst case of a timeout). */
  readonly tokens: number;
  constructor(message: string, tokens = 0) {
    super(message);
    this.name = 'AiError';
    this.tokens = tokens;
  }
}

/** Answers whether the chatbot is configured: an API key, or a base URL of a server that needs none. */
export function aiConfigured(): boolean {
  return Boolean(optionalEnv('OPENAI_API_KEY') ?? optionalEnv('OPENAI_BASE_URL'));
}

/** A message of the conversation the model is sent. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The most a call can cost: a token is at least a character of the prompt, and the answer is at most MAX_ANSWER_TOKENS.
 */
export function worstCaseTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + message.content.length, 0) + MAX_ANSWER_TOKENS;
}

function modelClient(): OpenAI {
  return new OpenAI({
    // Local OpenAI-compatible servers accept any key; the client insists on having one.
    apiKey: optionalEnv('OPENAI_API_KEY') ?? 'not-needed',
    baseURL: optionalEnv('OPENAI_BASE_URL'),
    timeout: modelTimeoutMs(),
    // A retry would double the visitor's wait and our cost; they can ask again.
    maxRetries: 0,
  });
}

/** Describes a failed call for the log: its HTTP status when it had one, and the cause. */
function failure(error: unknown): string {
  const status = error instanceof OpenAI.APIError && error.status ? ` (${error.status})` : '';
  return `The model call failed${status}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Asks the model (the system instruction, the earlier turns, then the question) and returns its
 * whole answer with the tokens used. A model that reports no usage is counted at its worst case,
 * and so is a call abandoned on time or because the asker left (`signal`): the model may go on
 * writing, and billing, an answer nobody receives.
 */
export async function askModel(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<ModelAnswer> {
  const worstCase = worstCaseTokens(messages);
  try {
    const completion = await modelClient().chat.completions.create(
      {
        model: optionalEnv('OPENAI_MODEL') ?? DEFAULT_MODEL,
        max_tokens: MAX_ANSWER_TOKENS,
        messages: [...messages],
      },
      { signal },
    );
    const answer = completion.choices[0]?.message?.content?.trim();
    const { usage } = completion;
    const tokens = usage ? usage.prompt_tokens + usage.completion_tokens : worstCase;
    if (!answer) throw new AiError('The model returned no answer.', tokens);
    return { text: answer, tokens };
  } catch (error) {
    if (error instanceof AiError) throw error;
    const abandoned = error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError;
    throw new AiError(failure(error), abandoned ? worstCase : 0);
  }
}

/**
 * Asks the model as `askModel` does, streamed: yields the answer's text as the model writes it
 * (leading blank pieces held back, so an empty answer fails before anything is yielded) and
 * returns the tokens used, from the usage the model reports in its last chunk
 * (`stream_options.include_usage`), else the worst case. The whole call, not just its first byte,
 * is bounded by modelTimeoutMs(); aborting `signal` (the asker left or pressed Stop) aborts the
 * upstream request, so the model stops writing. Every failure is an AiError carrying the tokens
 * the call may have cost: 0 when the model refused before answering, the worst case once it may
 * have written anything.
 */
export async function* streamModel(
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string, number, undefined> {
  const worstCase = worstCaseTokens(messages);
  const deadline = AbortSignal.timeout(modelTimeoutMs());
  const abort = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let answering = false;
  let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
  let written = '';
  const abandoned = () =>
    deadline.aborted ? 'The model did not finish in time.' : 'The asker left before the answer was finished.';
  try {
    const stream = await modelClient().chat.completions.create(
      {
        model: optionalEnv('OPENAI_MODEL') ?? DEFAULT_MODEL,
        max_tokens: MAX_ANSWER_TOKENS,
        messages: [...messages],
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal: abort },
    );
    answering = true;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const piece = chunk.choices[0]?.delta?.content ?? '';
      if (!piece) continue;
      const held = written.trim() === '';
      written += piece;
      // Nothing shown until the answer says something; then what was held back goes with it.
      if (held && written.trim() !== '') yield written.trimStart();
      else if (!held) yield piece;
    }
    // The client's stream ends quietly when aborted; an answer cut short is no answer.
    if (abort.aborted && !usage) throw new AiError(abandoned(), worstCase);
  } catch (error) {
    if (error instanceof AiError) throw error;
    throw new AiError(abort.aborted ? abandoned() : failure(error), answering || abort.aborted ? worstCase : 0);
  }
  const tokens = usage ? usage.prompt_tokens + usage.completion_tokens : worstCase;
  if (written.trim() === '') throw new AiError('The model returned no answer.', tokens);
  return tokens;
}
