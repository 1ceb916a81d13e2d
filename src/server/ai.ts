// The chatbot's model through the `openai` client. OPENAI_API_KEY switches it on; OPENAI_BASE_URL
// points it at any OpenAI-compatible server (a local one needs no key). Local runs and tests point
// it at tools/fake-openai.
import OpenAI from 'openai';
import { optionalEnv } from './env.ts';

export const DEFAULT_MODEL = 'gpt-4o-mini';
/** Long enough for a thoughtful answer, short enough to bound cost and wait. */
export const MAX_ANSWER_TOKENS = 800;
/** How long one answer may take; OPENAI_TIMEOUT_MS may lower it (tests) or raise it (slow local models). */
const DEFAULT_TIMEOUT_MS = 30_000;

/** The model could not answer: unreachable, refused, timed out, or said nothing. */
export class AiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiError';
  }
}

/** Answers whether the chatbot is configured: an API key, or a base URL of a server that needs none. */
export function aiConfigured(): boolean {
  return Boolean(optionalEnv('OPENAI_API_KEY') ?? optionalEnv('OPENAI_BASE_URL'));
}

/** Asks the model one question under a system instruction and returns its answer text. */
export async function askModel(system: string, question: string): Promise<string> {
  const client = new OpenAI({
    // Local OpenAI-compatible servers accept any key; the client insists on having one.
    apiKey: optionalEnv('OPENAI_API_KEY') ?? 'not-needed',
    baseURL: optionalEnv('OPENAI_BASE_URL'),
    timeout: Number(optionalEnv('OPENAI_TIMEOUT_MS') ?? DEFAULT_TIMEOUT_MS),
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
    if (!answer) throw new AiError('The model returned no answer.');
    return answer;
  } catch (error) {
    if (error instanceof AiError) throw error;
    const status = error instanceof OpenAI.APIError && error.status ? ` (${error.status})` : '';
    throw new AiError(`The model call failed${status}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
