import { apiRequest } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import type { ForumMessage, MessagesResponse } from './schema.ts';

/** Reads a page of forum messages, oldest first: the newest `limit`, or those older than the cursor `before`. */
export function fetchMessages(query: { before?: string; limit?: number } = {}): Promise<MessagesResponse> {
  const params = new URLSearchParams();
  if (query.before) params.set('before', query.before);
  if (query.limit) params.set('limit', String(query.limit));
  return apiRequest<MessagesResponse>(`messages/get-messages${params.size ? `?${params}` : ''}`);
}

/** The forum's version, which every post, edit and delete raises. */
export async function fetchForumVersion(): Promise<string> {
  return (await apiRequest<{ version: string }>('messages/version')).version;
}

/** Posts a message as the session's user. */
export function postForumMessage(text: string): Promise<{ status: string; message: ForumMessage }> {
  return apiRequest('messages/create-message', { method: 'POST', body: { username: $user.get().username, text } });
}

/** Replaces the text of one of the session user's messages. */
export async function editForumMessage(id: string, text: string): Promise<ForumMessage> {
  return (
    await apiRequest<{ message: ForumMessage }>(`messages/edit/${encodeURIComponent(id)}`, {
      method: 'POST',
      body: { text },
    })
  ).message;
}

/** Deletes a message: one of the session user's own, or anyone's for a moderator. */
export function deleteForumMessage(id: string): Promise<{ status: string; message: string }> {
  return apiRequest(`messages/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
