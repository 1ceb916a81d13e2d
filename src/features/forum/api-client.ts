import { apiRequest } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import type {
  AskToJoinResponse,
  DeletedResponse,
  JoinRequestResponse,
  MessageResponse,
  MessagesResponse,
  ReactResponse,
  ReactionId,
  RepliesResponse,
  VersionResponse,
} from './schema.ts';

/** Reads a page of forum messages, oldest first: the newest `limit`, or those older than the cursor `before`. */
export function fetchMessages(query: { before?: string; limit?: number } = {}): Promise<MessagesResponse> {
  const params = new URLSearchParams();
  if (query.before) params.set('before', query.before);
  if (query.limit) params.set('limit', String(query.limit));
  return apiRequest<MessagesResponse>(`messages/get-messages${params.size ? `?${params}` : ''}`);
}

/** Reads a page of a message's replies, oldest first: the first `limit`, or those after the cursor `after`. */
export function fetchReplies(id: string, query: { after?: string; limit?: number } = {}): Promise<RepliesResponse> {
  const params = new URLSearchParams();
  if (query.after) params.set('after', query.after);
  if (query.limit) params.set('limit', String(query.limit));
  return apiRequest<RepliesResponse>(`messages/replies/${encodeURIComponent(id)}${params.size ? `?${params}` : ''}`);
}

/** The forum's version, which every post, reply, edit, delete and reaction raises. */
export function fetchForumVersion(): Promise<VersionResponse> {
  return apiRequest<VersionResponse>('messages/version');
}

/** Posts a message as the session's user, or a reply to `replyTo`. */
export function postForumMessage(text: string, replyTo?: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('messages/create-message', {
    method: 'POST',
    body: { username: $user.get().username, text, ...(replyTo ? { replyTo } : {}) },
  });
}

/** Replaces the text of one of the session user's messages. */
export function editForumMessage(id: string, text: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`messages/edit/${encodeURIComponent(id)}`, { method: 'POST', body: { text } });
}

/** Deletes a message (with its replies): one of the session user's own, or anyone's for a moderator. */
export function deleteForumMessage(id: string): Promise<DeletedResponse> {
  return apiRequest<DeletedResponse>(`messages/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Gives (`on`) or takes back the session user's reaction on a message; answers its reactions after it. */
export function reactTo(id: string, reaction: ReactionId, on: boolean): Promise<ReactResponse> {
  return apiRequest<ReactResponse>(`messages/react/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { reaction, on },
  });
}

/** The session user's request to join the forum, with a fresh token once the owner let them in. */
export function fetchJoinRequest(): Promise<JoinRequestResponse> {
  return apiRequest<JoinRequestResponse>('forum/join-request');
}

/** Asks the owner to let the session user into the forum. */
export function askToJoin(note: string): Promise<AskToJoinResponse> {
  return apiRequest<AskToJoinResponse>('forum/ask-to-join', { method: 'POST', body: { note } });
}
