// The page's calls for a signed-in visitor's conversations (/api/chatbot/conversations…).
import { apiRequest } from '../../platform/api-client.ts';
import type { ConversationResponse, ConversationSavedResponse, ConversationsResponse } from './conversation-schema.ts';
import type { ConversationSummary, KeptMessage } from './conversations.ts';

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
