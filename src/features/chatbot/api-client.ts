import { apiEventStream, apiRequest } from '../../platform/api-client.ts';
import type { ServerPreset } from './logic.ts';
import type {
  AskEvent,
  ChatTurn,
  ConversationDeletedResponse,
  ConversationResponse,
  ConversationSavedResponse,
  ConversationsResponse,
  QuotaResponse,
} from './schema.ts';

/**
 * What the page asks: the spec's two fields, the server's preset when one is chosen, the
 * conversation so far, and (signed in) where the server keeps the turn.
 */
export interface Question {
  userQuestion: string;
  userSystemChoice: string;
  preset?: ServerPreset;
  history: ChatTurn[];
  conversation?: { id: string; questionId: number };
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
  return apiRequest<QuotaResponse>('ask-ai/quota');
}

// ----- A signed-in visitor's conversations -----

const BASE = 'chatbot/conversations';
const at = (action: string, id: string) => `${BASE}/${action}/${encodeURIComponent(id)}`;

/** The account's conversations, most recently changed first. */
export function fetchConversations(): Promise<ConversationsResponse> {
  return apiRequest<ConversationsResponse>(BASE);
}

/** One conversation with its messages. */
export function fetchConversation(id: string): Promise<ConversationResponse> {
  return apiRequest<ConversationResponse>(at('read', id));
}

/** Empties a conversation (it keeps its title). */
export function clearConversation(id: string): Promise<ConversationSavedResponse> {
  return apiRequest<ConversationSavedResponse>(at('clear', id), { method: 'POST' });
}

export function renameConversation(id: string, title: string): Promise<ConversationSavedResponse> {
  return apiRequest<ConversationSavedResponse>(at('rename', id), { method: 'POST', body: { title } });
}

export function deleteConversation(id: string): Promise<ConversationDeletedResponse> {
  return apiRequest<ConversationDeletedResponse>(at('delete', id), { method: 'DELETE' });
}
