import { apiEventStream, apiRequest } from '../../platform/api-client.ts';
import type { ConversationSummary, KeptMessage } from './conversations.ts';
import type { ServerPreset } from './instructions.ts';
import type {
  AskEvent,
  ChatTurn,
  ConversationResponse,
  ConversationSavedResponse,
  ConversationsResponse,
  QuotaResponse,
} from './schema.ts';

/** What the page asks: the spec's two fields, the server's preset when one is chosen, and the conversation so far. */
export interface Question {
  userQuestion: string;
  userSystemChoice: string;
  preset?: ServerPreset;
  history: ChatTurn[];
}

/** Asks the chatbot a question and yields its answer as the model writes it (AskEvent). */
export function streamAnswer(
  question: Question,
  { botPass, signal }: { botPass?: string; signal: AbortSignal },
): AsyncGenerator<AskEvent> {
  return apiEventStream('ask-ai', { method: 'POST', body: question, botPass, signal }) as AsyncGenerator<AskEvent>;
}

/** Reads how many questions the visitor may still ask today. */
export function fetchQuota(): Promise<QuotaResponse> {
  return apiRequest('ask-ai/quota');
}

// ----- A signed-in visitor's conversations -----

const BASE = 'chatbot/conversations';
const at = (action: string, id: string) => `${BASE}/${action}/${encodeURIComponent(id)}`;

/** The account's conversations, most recently changed first. */
export async function fetchConversations(): Promise<ConversationSummary[]> {
  return (await apiRequest<ConversationsResponse>(BASE)).conversations;
}

/** One conversation with its messages. */
export async function fetchConversation(id: string): Promise<ConversationResponse['conversation']> {
  return (await apiRequest<ConversationResponse>(at('read', id))).conversation;
}

/** Saves a conversation whole. */
export async function saveConversation(
  id: string,
  title: string,
  messages: KeptMessage[],
): Promise<ConversationSummary> {
  const body = { title, messages };
  return (await apiRequest<ConversationSavedResponse>(at('save', id), { method: 'PUT', body })).conversation;
}

/** Renames a conversation. */
export async function renameConversation(id: string, title: string): Promise<void> {
  await apiRequest<ConversationSavedResponse>(at('rename', id), { method: 'POST', body: { title } });
}

/** Deletes a conversation. */
export async function deleteConversation(id: string): Promise<void> {
  await apiRequest(at('delete', id), { method: 'DELETE' });
}
