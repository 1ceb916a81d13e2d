// Forum messages (SPEC sections 3, 5, 7): the post request, the message shape, the limits.
import * as v from 'valibot';

/** SPEC section 9: a forum message is at most 3000 characters. */
export const MAX_MESSAGE_LENGTH = 3000;
export const TOO_LONG = 'Message cannot exceed 3000 characters.';
export const NO_PERMISSION = 'You do not have permission to delete this message.';

/** A member may edit their message for this long after posting it. */
export const EDIT_WINDOW_MINUTES = 15;
export const EDIT_TOO_LATE = `A message can be edited for ${EDIT_WINDOW_MINUTES} minutes after it is posted; this one is older.`;
export const NOT_YOUR_MESSAGE = 'You can only edit your own messages.';

/** The newest messages come this many at a time; 'Load older' brings the next this many. */
export const PAGE_SIZE = 50;
/** The most one read may ask for (the page's live refresh rereads what it shows, up to this). */
export const MAX_PAGE_SIZE = 200;

const messageText = v.pipe(
  v.optional(v.string(), ''),
  // NUL has no place in a message; stripping it keeps stored JSON plain.
  v.transform((text) => text.replaceAll('\0', '')),
  v.trim(),
  v.nonEmpty('Message cannot be blank.'),
  v.maxLength(MAX_MESSAGE_LENGTH, TOO_LONG),
);

export const createMessageRequest = v.object({
  username: v.optional(v.pipe(v.string(), v.maxLength(64))),
  text: messageText,
});

export type CreateMessageRequest = v.InferOutput<typeof createMessageRequest>;

export const editMessageRequest = v.object({ text: messageText });

/** A page's query: `before` a cursor (a place, from the previous page's `older`), `limit` how many. */
export const pageQuery = v.object({
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,14}$/, 'before must be the cursor a previous page gave (older).'),
      v.transform(Number),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.transform(Number),
      v.minValue(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.maxValue(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
    ),
    String(PAGE_SIZE),
  ),
});

/** A message as the API returns it (SPEC section 3: Message). */
export interface ForumMessage {
  _id: string;
  text: string;
  createdAt: string;
  /** Missing when the author is unknown (shown as 'Unknown User'). */
  user?: { username: string };
  /** When the author last edited it (shown as 'edited'). */
  editedAt?: string;
  /**
   * Present on the reader's own messages: those its account posted, which it may edit and delete.
   * The server says so, since a name registered again is another account, not the old posts' author.
   */
  own?: true;
}

export interface MessagesResponse {
  status: 'Success';
  /** The page's messages, oldest first (SPEC section 7), the newest page unless `before` was given. */
  messages: ForumMessage[];
  /** The cursor of the next older page (its `before`), or null when these are the oldest. */
  older: string | null;
  /** The forum's version when read: GET /api/messages/version answers another once anything changed. */
  version: string;
}
