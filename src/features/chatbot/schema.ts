// The chatbot's request (SPEC section 7: ask-ai) and its limits, shared by the page and the function.
import * as v from 'valibot';

export const DEFAULT_SYSTEM_CHOICE = 'You are a helpful assistant.';
/** A question, not an essay: keeps each call's cost and wait bounded. */
export const MAX_QUESTION_LENGTH = 2000;
/** A system instruction is a sentence or two about tone and role. */
export const MAX_SYSTEM_LENGTH = 500;

/**
 * The most earlier turns (a question or an answer each) a request may carry. Far more than the
 * server keeps (MAX_HISTORY_TURNS in logic.ts): a page may send its whole conversation and let the
 * server keep the newest, while a list past this is refused as no conversation's.
 */
export const MAX_HISTORY_ENTRIES = 100;
/**
 * The longest earlier turn accepted: a question (MAX_QUESTION_LENGTH) or an answer (at most
 * MAX_ANSWER_TOKENS, 600 tokens, some 2,400 characters of English, more for code) fits with room;
 * anything longer is no turn of this chatbot's. Within the budget (MAX_HISTORY_CHARS) too.
 */
export const MAX_TURN_LENGTH = 6000;

/** One earlier turn of the conversation: the visitor's question or the model's answer. */
export const chatTurn = v.strictObject(
  {
    role: v.picklist(['user', 'assistant'], 'Each earlier turn must be from the user or the assistant.'),
    content: v.pipe(
      v.string('Each earlier turn must be text.'),
      v.maxLength(MAX_TURN_LENGTH, `Each earlier turn must be at most ${MAX_TURN_LENGTH} characters.`),
    ),
  },
  'Each earlier turn must be a role and its content, nothing else.',
);

export type ChatTurn = v.InferOutput<typeof chatTurn>;

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
  /** Optional (an addition to the spec's fields): the conversation so far, oldest first. */
  history: v.optional(
    v.pipe(
      v.array(chatTurn, 'The earlier turns must be a list.'),
      v.maxLength(MAX_HISTORY_ENTRIES, `At most ${MAX_HISTORY_ENTRIES} earlier turns may be sent.`),
    ),
    [],
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
