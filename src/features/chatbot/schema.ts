// The chatbot's request (SPEC section 7: ask-ai) and its answers, shared by the page and the function.
import * as v from 'valibot';
import { DEFAULT_SYSTEM_CHOICE, SERVER_PRESETS } from './instructions.ts';
import { MAX_HISTORY_ENTRIES, MAX_QUESTION_LENGTH, MAX_SYSTEM_LENGTH, MAX_TURN_LENGTH } from './limits.ts';

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
  /**
   * Optional (an addition to the spec's fields): a preset whose instruction the server writes, in
   * place of userSystemChoice (still checked, then unused): 'my-work' answers from the owner's
   * material (my-work.ts). Only a name from the list: the prompt itself never comes from a client.
   */
  preset: v.optional(v.picklist(SERVER_PRESETS, 'Unknown answer style.')),
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

/**
 * The events of a streamed answer (text/event-stream): `text` events carry the answer's next
 * words (`{"text": …}`), then one `done` event the questions left (`{"remaining": …}`), or an
 * `error` event the spec's error (`{"error": …, "code": "unavailable"}`) when the model fails
 * part-way. Nothing follows either.
 */
export type AskEvent =
  | { event: 'text'; data: { text: string } }
  | { event: 'done'; data: { remaining: number } }
  | { event: 'error'; data: { error: string; code: 'unavailable' } };
