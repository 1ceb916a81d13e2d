// Forum messages (SPEC sections 3, 5, 7): the post request, the message shape, the limits.
import * as v from 'valibot';

/** SPEC section 9: a forum message is at most 3000 characters. */
export const MAX_MESSAGE_LENGTH = 3000;
export const TOO_LONG = 'Message cannot exceed 3000 characters.';
export const NO_PERMISSION = 'You do not have permission to delete this message.';

export const createMessageRequest = v.object({
  username: v.optional(v.pipe(v.string(), v.maxLength(64))),
  text: v.pipe(
    v.optional(v.string(), ''),
    // NUL separates fields when the store lists messages (repo.server.ts); no text needs one.
    v.transform((text) => text.replaceAll('\0', '')),
    v.trim(),
    v.nonEmpty('Message cannot be blank.'),
    v.maxLength(MAX_MESSAGE_LENGTH, TOO_LONG),
  ),
});

export type CreateMessageRequest = v.InferOutput<typeof createMessageRequest>;

/** A message as the API returns it (SPEC section 3: Message). */
export interface ForumMessage {
  _id: string;
  text: string;
  createdAt: string;
  /** Missing when the author is unknown (shown as 'Unknown User'). */
  user?: { username: string };
}

export interface MessagesResponse {
  status: 'Success';
  messages: ForumMessage[];
}
