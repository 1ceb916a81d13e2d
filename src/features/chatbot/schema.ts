// The chatbot's request (SPEC section 7: ask-ai) and its limits, shared by the page and the function.
import * as v from 'valibot';

export const DEFAULT_SYSTEM_CHOICE = 'You are a helpful assistant.';
/** A question, not an essay: keeps each call's cost and wait bounded. */
export const MAX_QUESTION_LENGTH = 2000;
/** A system instruction is a sentence or two about tone and role. */
export const MAX_SYSTEM_LENGTH = 500;

export const askRequest = v.object({
  userQuestion: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('Please type a question.'),
    v.maxLength(MAX_QUESTION_LENGTH, `Your question must be at most ${MAX_QUESTION_LENGTH} characters.`),
  ),
  userSystemChoice: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(MAX_SYSTEM_LENGTH, `The instruction must be at most ${MAX_SYSTEM_LENGTH} characters.`),
    // A blank instruction means the default one.
    v.transform((text) => text || DEFAULT_SYSTEM_CHOICE),
  ),
});

export type AskRequest = v.InferOutput<typeof askRequest>;

export interface AskResponse {
  status: 'Success';
  openAiResponse: string;
  /** The questions the visitor may still ask today, this one counted. */
  remaining: number;
}

/** GET /api/ask-ai/quota: the questions the visitor may still ask today. */
export interface QuotaResponse {
  remaining: number;
}
