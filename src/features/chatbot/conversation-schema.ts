// The conversations' requests and answers (SPEC section 7 style: /api/chatbot/conversations…),
// shared by the page and the functions.
import * as v from 'valibot';
import { MAX_TURN_LENGTH } from './limits.ts';
import {
  CONVERSATION_ID,
  type ConversationSummary,
  type KeptMessage,
  MAX_CONVERSATION_BYTES,
  MAX_CONVERSATION_MESSAGES,
  MAX_ERROR_LENGTH,
  MAX_TITLE_LENGTH,
  messagesBytes,
} from './conversations.ts';

/** A conversation's id, as the path's last segment carries it. */
export const conversationId = v.pipe(v.string(), v.regex(CONVERSATION_ID, 'That is not a conversation id.'));

const title = v.pipe(
  v.string('The title must be text.'),
  v.transform((text) => text.replace(/\s+/g, ' ').trim()),
  v.nonEmpty('Please give the conversation a title.'),
  v.maxLength(MAX_TITLE_LENGTH, `The title must be at most ${MAX_TITLE_LENGTH} characters.`),
);

const keptMessage = v.strictObject(
  {
    from: v.picklist(['user', 'ai'], 'Each message must be from the user or the chatbot.'),
    text: v.pipe(
      v.string('Each message must be text.'),
      v.maxLength(MAX_TURN_LENGTH, `Each message must be at most ${MAX_TURN_LENGTH} characters.`),
    ),
    state: v.optional(v.picklist(['stopped', 'failed'], 'A message is whole, stopped or failed.')),
    error: v.optional(v.pipe(v.string(), v.maxLength(MAX_ERROR_LENGTH))),
  },
  'Each message must be who said it and its text, nothing else.',
);

/** PUT /api/chatbot/conversations/save/:id: the whole conversation, replacing what was kept. */
export const saveConversationRequest = v.object({
  title,
  messages: v.pipe(
    v.array(keptMessage, 'The messages must be a list.'),
    v.maxLength(MAX_CONVERSATION_MESSAGES, `A conversation keeps at most ${MAX_CONVERSATION_MESSAGES} messages.`),
    v.check(
      (messages) => messagesBytes(messages) <= MAX_CONVERSATION_BYTES,
      `A conversation keeps at most ${MAX_CONVERSATION_BYTES / 1024} KB of messages.`,
    ),
  ),
});
export type SaveConversationRequest = v.InferOutput<typeof saveConversationRequest>;

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

/** PUT save, POST rename: the conversation as kept now. */
export interface ConversationSavedResponse {
  conversation: ConversationSummary;
}
