// The chatbot's model through the `openai` client. OPENAI_API_KEY switches it on; OPENAI_BASE_URL
// points it at any OpenAI-compatible server (a local one needs no key). Local runs and tests point
// it at tools/fake-openai.
import OpenAI from 'openai';
import { optionalEnv } from './env.ts';

export const DEFAULT_MODEL = 'gpt-4o-mini';
/**
 * Long enough for a thoughtful answer, short enough to bound cost and wait: at the 70-100 tokens a
 * second gpt-4o-mini usually writes, an answer this long arrives within MODEL_TIMEOUT_MS.
 */
export const MAX_ANSWER_TOKENS = 600;
/**
 * The shortest time limit a synchronous Netlify function has had: 10 s (the long-standing default;
 * docs.netlify.com now lists 60 s, older sites and plans had 10 s or 26-30 s). When the platform
 * kills a function mid-call, the model goes on writing (and billing) an answer nobody receives,
 * and the function never gets to count its tokens; a call we abandon ourselves is counted at its
 * worst case (askModel).
 */
export const FUNCTION_TIME_LIMIT_MS = 10_000;
/**
 * How long one answer may take: the function's limit less time for the caps' two store round
 * trips and the response, so the model call is always abandoned before the function is killed.
 * OPENAI_TIMEOUT_MS may lower it (tests, an impatient owner), never raise it.
 */
export const MODEL_TIMEOUT_MS = 8_000;

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

/**
 * Asks the model one question under a system instruction and returns its answer with the tokens
 * used. A model that reports no usage is counted at its worst case: the longest answer allowed.
 */
export async function askModel(system: string, question: string): Promise<ModelAnswer> {
  // A token is at least a character of the prompt, and the answer is at most MAX_ANSWER_TOKENS.
  const worstCase = system.length + question.length + MAX_ANSWER_TOKENS;
  const client = new OpenAI({
    // Local OpenAI-compatible servers accept any key; the client insists on having one.
    apiKey: optionalEnv('OPENAI_API_KEY') ?? 'not-needed',
    baseURL: optionalEnv('OPENAI_BASE_URL'),
    timeout: modelTimeoutMs(),
    // A retry would double the visitor's wait and our cost; they can ask again.
    maxRetries: 0,
  });
  try {
    const completion = await client.chat.completions.create({
      model: optionalEnv('OPENAI_MODEL') ?? DEFAULT_MODEL,
      max_tokens: MAX_ANSWER_TOKENS,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: question },
      ],
    });
    const answer = completion.choices[0]?.message?.content?.trim();
    const { usage } = completion;
    const tokens = usage ? usage.prompt_tokens + usage.completion_tokens : worstCase;
    if (!answer) throw new AiError('The model returned no answer.', tokens);
    return { text: answer, tokens };
  } catch (error) {
    if (error instanceof AiError) throw error;
    const status = error instanceof OpenAI.APIError && error.status ? ` (${error.status})` : '';
    // A call abandoned on time may still be written and billed in full.
    const tokens = error instanceof OpenAI.APIConnectionTimeoutError ? worstCase : 0;
    throw new AiError(
      `The model call failed${status}: ${error instanceof Error ? error.message : String(error)}`,
      tokens,
    );
  }
}
