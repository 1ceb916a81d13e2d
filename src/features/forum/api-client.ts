import { apiRequest } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import type { ForumMessage, MessagesResponse } from './schema.ts';

/** Reads the latest forum messages, oldest first. */
export async function fetchMessages(): Promise<ForumMessage[]> {
  return (await apiRequest<MessagesResponse>('messages/get-messages')).messages;
}

/** Posts a message as the session's user. */
export function postForumMessage(text: string): Promise<{ status: string; message: ForumMessage }> {
  return apiRequest('messages/create-message', { method: 'POST', body: { username: $user.get().username, text } });
}

/** Deletes one of the session user's messages. */
export function deleteForumMessage(id: string): Promise<{ status: string; message: string }> {
  return apiRequest(`messages/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
