// The chatbot use case: a question to the model within the rate limit and the day's spending caps
// (per visitor, for the whole site, and on the model's tokens), and the questions left today.
import { AiError, aiConfigured, askModel } from '../../server/ai.ts';
import { AppError } from '../../server/app-error.ts';
import { capFromEnv, overDailyCap } from '../../server/daily-cap.ts';
import { type RateLimit, rateLimited } from '../../server/rate-limit.ts';
import { type DailyCaps, capMessage, remainingQuestions } from './logic.ts';
import { type Asker, addTokens, countQuestion, readUse } from './repo.server.ts';
import type { AskRequest } from './schema.ts';

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
} as const;

export const NOT_CONFIGURED = 'The chatbot is not configured on this site.';
export const UNREACHABLE = 'Unable to reach chatbot. An error has occurred.';

/** A cap's setting: a whole number of 0 or more (0 switches the chatbot off), else its default. */
function capSetting({ env, fallback }: { env: string; fallback: number }): number {
  return capFromEnv(env, fallback);
}

/** The caps in force for this asker: a signed-in user's are higher than a guest's. */
export function dailyCaps(asker: Asker): DailyCaps {
  return {
    visitor: capSetting(asker.username === undefined ? DAILY_CAP_SETTINGS.guest : DAILY_CAP_SETTINGS.user),
    questions: capSetting(DAILY_CAP_SETTINGS.questions),
    tokens: capSetting(DAILY_CAP_SETTINGS.tokens),
  };
}

export interface Answer {
  text: string;
  /** The questions this visitor may still ask today. */
  remaining: number;
}

/**
 * Answers a visitor's question under their system instruction, after counting it against the rate
 * limit and the day's caps (one store round trip); the model's tokens are then added to the day's
 * total (one more).
 */
export async function ask(input: AskRequest, asker: Asker, requestId: string): Promise<Answer> {
  if (!aiConfigured()) {
    console.error(`[${requestId}] ask-ai: OPENAI_API_KEY (or OPENAI_BASE_URL) is not set.`);
    throw new AppError('unavailable', NOT_CONFIGURED);
  }
  const now = new Date();
  const caps = dailyCaps(asker);
  const [verdict, value] = await countQuestion([LIMITS.questionsPerAddress, asker.address], asker, caps, now);
  if (verdict === 'limited') throw rateLimited(value);
  if (verdict !== 'ok') throw overDailyCap(capMessage(verdict, value, now), now.getTime());
  try {
    const answer = await askModel(input.userSystemChoice, input.userQuestion);
    const spent = await recordTokens(answer.tokens, requestId);
    return { text: answer.text, remaining: spent >= caps.tokens ? 0 : value };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    console.error(`[${requestId}] ask-ai: ${error.message}`);
    await recordTokens(error.tokens, requestId);
    throw new AppError('unavailable', UNREACHABLE);
  }
}

/**
 * Adds the tokens to the day's total and answers the total. The answer is already paid for, so a
 * store failure here is logged, not shown; answers 0 when nothing was added.
 */
async function recordTokens(tokens: number, requestId: string): Promise<number> {
  if (tokens <= 0) return 0;
  try {
    return await addTokens(tokens, new Date());
  } catch (error) {
    // The error's name only: a store error's text may carry the command's keys.
    const kind = error instanceof Error ? error.name : 'unknown error';
    console.error(`[${requestId}] ask-ai: the model's ${tokens} tokens could not be counted (${kind}).`);
    return 0;
  }
}

/** The questions this visitor may still ask today, read in one round trip. */
export async function questionsLeft(asker: Asker): Promise<number> {
  return remainingQuestions(dailyCaps(asker), await readUse(asker, new Date()));
}
