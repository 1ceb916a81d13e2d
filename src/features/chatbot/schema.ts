// The chatbot's requests and answers (SPEC section 7: ask-ai; the conversations under
// /api/chatbot/conversations…), shared by the page and the functions.
import * as v from 'valibot';
import {
  CONVERSATION_ID,
  DEFAULT_SYSTEM_CHOICE,
  MAX_HISTORY_ENTRIES,
  MAX_QUESTION_LENGTH,
  MAX_SYSTEM_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_TURN_LENGTH,
  SERVER_PRESETS,
} from './logic.ts';

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

/** A conversation's id, as the path's last segment carries it. */
export const conversationId = v.pipe(v.string(), v.regex(CONVERSATION_ID, 'That is not a conversation id.'));

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
   * material (myWorkPrompt in logic.ts). Only a name from the list: the prompt itself never comes from a client.
   */
  preset: v.optional(v.picklist(SERVER_PRESETS, 'Unknown answer style.')),
  /**
   * Optional, signed in (an addition to the spec's fields): the account's conversation the server
   * keeps this turn in, and the question's message id there (kept messages from it on are replaced).
   */
  conversation: v.optional(
    v.strictObject({
      id: conversationId,
      questionId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
    }),
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

/** A page of the owner's that a my-work answer drew on: shown under the answer as a link. */
export interface Source {
  title: string;
  /** A page of this site. */
  url: string;
}

export interface AskResponse {
  status: 'Success';
  openAiResponse: string;
  /** The questions the visitor may still ask today, this one counted. */
  remaining: number;
  /** Why the turn was not kept in the account's conversation (a byte budget), when it was not. */
  notKept?: string;
  /** The pages of the owner's a my-work answer was given (none found: an empty list). */
  sources?: Source[];
}

/** GET /api/ask-ai/quota: the questions the visitor may still ask today. */
export interface QuotaResponse {
  remaining: number;
}

/**
 * The events of a streamed answer (text/event-stream): `text` events carry the answer's next
 * words (`{"text": …}`), then one `done` event the questions left (`{"remaining": …}`, and
 * `notKept` as AskResponse), or an
 * `error` event the spec's error (`{"error": …, "code": "unavailable"}`) when the model fails
 * part-way. Nothing follows either.
 */
export type AskEvent =
  | { event: 'text'; data: { text: string } }
  | { event: 'done'; data: { remaining: number; notKept?: string; sources?: Source[] } }
  | { event: 'error'; data: { error: string; code: 'unavailable' } };

// ----- Conversations -----

/** A conversation in a list: no messages. `updatedAt` is when it last changed (ms). */
export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
}

/** A message as kept: a question, or the server's answer whole, stopped or failed part-way (with why). */
export interface KeptMessage {
  /** Its place in the conversation, as the page numbers messages (absent in ones kept before ids). */
  id?: number;
  from: 'user' | 'ai';
  text: string;
  state?: 'stopped' | 'failed';
  error?: string;
  /** A my-work answer's pages (Source). */
  sources?: Source[];
}

const title = v.pipe(
  v.string('The title must be text.'),
  v.transform((text) => text.replace(/\s+/g, ' ').trim()),
  v.nonEmpty('Please give the conversation a title.'),
  v.maxLength(MAX_TITLE_LENGTH, `The title must be at most ${MAX_TITLE_LENGTH} characters.`),
);

/** POST /api/chatbot/conversations/rename/:id */
export const renameConversationRequest = v.object({ title });

/** GET /api/chatbot/conversations: the account's conversations, most recently changed first. */
export interface ConversationsResponse {
  conversations: ConversationSummary[];
}

/** GET /api/chatbot/conversations/read/:id */
export interface ConversationResponse {
  conversation: ConversationSummary & { messages: KeptMessage[] };
}

/** POST rename, POST clear: the conversation as kept now. */
export interface ConversationSavedResponse {
  conversation: ConversationSummary;
}

/** DELETE /api/chatbot/conversations/delete/:id */
export interface ConversationDeletedResponse {
  status: 'Success';
}
