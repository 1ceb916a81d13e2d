// The chatbot use case: a rate-limited question to the model.
import { AiError, aiConfigured, askModel } from '../../server/ai.ts';
import { AppError } from '../../server/app-error.ts';
import { type RateLimit, withinRateLimits } from '../../server/rate-limit.ts';
import type { AskRequest } from './schema.ts';

// Enough for a real conversation; each question costs money, so scripts are held back.
export const LIMITS = {
  questionsPerAddress: { bucket: 'ask-ai-ip', max: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

export const NOT_CONFIGURED = 'The chatbot is not configured on this site.';
export const UNREACHABLE = 'Unable to reach chatbot. An error has occurred.';

/** Answers a visitor's question under their system instruction. */
export async function ask(input: AskRequest, address: string, requestId: string): Promise<string> {
  if (!aiConfigured()) {
    console.error(`[${requestId}] ask-ai: OPENAI_API_KEY (or OPENAI_BASE_URL) is not set.`);
    throw new AppError('unavailable', NOT_CONFIGURED);
  }
  await withinRateLimits([[LIMITS.questionsPerAddress, address]]);
  try {
    return await askModel(input.userSystemChoice, input.userQuestion);
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    console.error(`[${requestId}] ask-ai: ${error.message}`);
    throw new AppError('unavailable', UNREACHABLE);
  }
}
