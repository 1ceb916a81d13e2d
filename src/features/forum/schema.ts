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

/** A message's id as the API gives it (a UUID today; any id of letters, digits, _ and -). */
const messageId = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'replyTo must be the id of a message.'));

export const createMessageRequest = v.object({
  username: v.optional(v.pipe(v.string(), v.maxLength(64))),
  text: messageText,
  /**
   * An addition to SPEC section 7: the message this one answers. A reply belongs to a top-level
   * message; replying to a reply answers its top-level message (replies are one level deep).
   */
  replyTo: v.optional(messageId),
});

export type CreateMessageRequest = v.InferOutput<typeof createMessageRequest>;

export const editMessageRequest = v.object({ text: messageText });

/** A cursor from a previous answer: a place in the forum's sequence. */
const cursor = (message: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, message), v.transform(Number)));

/** How many to read: a whole number from 1 to `most`, `fallback` when not given. */
function pageLimit(most: number, fallback: number) {
  const message = `limit must be a whole number from 1 to ${most}.`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, message),
      v.transform(Number),
      v.minValue(1, message),
      v.maxValue(most, message),
    ),
    String(fallback),
  );
}

/** A page's query: `before` a cursor (a place, from the previous page's `older`), `limit` how many. */
export const pageQuery = v.object({
  before: cursor('before must be the cursor a previous page gave (older).'),
  limit: pageLimit(MAX_PAGE_SIZE, PAGE_SIZE),
});

/** The first replies of a message that come with the page, oldest first; "Load more replies" brings the rest. */
export const REPLIES_SHOWN = 3;
/** How many more replies "Load more replies" brings at a time. */
export const REPLIES_PAGE_SIZE = 20;
/**
 * The most replies one message takes: a long thread on a personal site's forum is a few dozen; the
 * cap bounds the thread's read and the work of deleting a message with its replies in one step.
 */
export const MAX_REPLIES = 200;
export const THREAD_FULL = `This conversation has ${MAX_REPLIES} replies, the most one message takes. Please start a new message.`;

/** A thread's page of replies: `after` a cursor (the `more` of the replies shown so far), `limit` how many. */
export const repliesQuery = v.object({
  after: cursor('after must be the cursor the replies shown so far gave (more).'),
  limit: pageLimit(MAX_REPLIES, REPLIES_PAGE_SIZE),
});

/**
 * The reactions a member may give a message or a reply, each at most once: a small fixed set, as
 * giscus and Discourse offer, each with the name a screen reader says.
 */
export const REACTIONS = [
  { id: 'thumbs-up', emoji: '👍', name: 'thumbs up' },
  { id: 'heart', emoji: '❤️', name: 'heart' },
  { id: 'laugh', emoji: '😄', name: 'laugh' },
  { id: 'hooray', emoji: '🎉', name: 'hooray' },
  { id: 'eyes', emoji: '👀', name: 'eyes' },
] as const;
export type ReactionId = (typeof REACTIONS)[number]['id'];
export const REACTION_IDS: readonly ReactionId[] = REACTIONS.map((reaction) => reaction.id);

/** POST /api/messages/react/{id}: gives (`on: true`) or takes back (`on: false`) one reaction. */
export const reactRequest = v.object({
  reaction: v.picklist(REACTION_IDS, `reaction must be one of ${REACTION_IDS.join(', ')}.`),
  on: v.boolean('on must be true (react) or false (take it back).'),
});
export type ReactRequest = v.InferOutput<typeof reactRequest>;

/** A message's reactions: how many gave each (those given at least once), and which the reader gave. */
export interface MessageReactions {
  reactions?: Partial<Record<ReactionId, number>>;
  /** The reader's own reactions on it. */
  reacted?: ReactionId[];
}

/** The answer of POST /api/messages/react/{id}: the message's reactions after the change. */
export interface ReactResponse extends MessageReactions {
  status: 'Success';
}

/** The answer of POST /api/messages/create-message and /api/messages/edit/{id}: the message as stored. */
export interface MessageResponse {
  status: 'Success';
  message: ForumMessage;
}

/** The answer of DELETE /api/messages/delete/{id}. */
export interface DeletedResponse {
  status: 'Success';
  message: string;
}

/** A message as the API returns it (SPEC section 3: Message). */
export interface ForumMessage extends MessageReactions {
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
  /** On a reply: the id of the top-level message it answers. */
  replyTo?: string;
  /** On a top-level message with replies: how many it has. */
  replyCount?: number;
  /** On a top-level message with replies: its first REPLIES_SHOWN, oldest first. */
  replies?: ForumMessage[];
  /** On a top-level message with more replies than came with it: the cursor of the next ones (`after`). */
  moreReplies?: string;
}

/** The answer of GET /api/messages/replies/{id}: a page of a message's replies, oldest first. */
export interface RepliesResponse {
  status: 'Success';
  replies: ForumMessage[];
  /** The cursor of the next replies (their `after`), or null when these are the newest. */
  more: string | null;
  /** How many replies the message has. */
  replyCount: number;
}

/** The answer of GET /api/messages/version: the forum's version, which every change raises. */
export interface VersionResponse {
  status: 'Success';
  version: string;
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

// ----- Ask to join: a signed-in visitor below the forum's clearance asks the owner to let them in -----

/** The longest note a visitor may leave with their request: a line or two, plain text. */
export const MAX_JOIN_NOTE_LENGTH = 200;
/**
 * The most requests waiting for the owner at once: with one waiting per address
 * (JOIN_REQUESTS_WAITING_PER_ADDRESS), a thousand addresses must each hold one to fill it for
 * everyone. It bounds the console's list and each ask's tidying of it (about 300 KB at most).
 * Over it, new requests wait for room.
 */
export const MAX_PENDING_JOIN_REQUESTS = 1000;
/**
 * Requests from one address waiting at once (of any accounts), so no group of addresses fills the
 * owner's list (MAX_PENDING_JOIN_REQUESTS) for everyone: each address holds its share, and only
 * its own asks are refused past it. The owner's answer, or the request's lapse, frees it.
 */
export const JOIN_REQUESTS_WAITING_PER_ADDRESS = 1;
/**
 * How long after a decline the visitor may ask again: long enough that asking again is a
 * considered step rather than pestering, short enough that someone turned away by mistake, or
 * whom the owner has come to know, is not shut out for long.
 */
export const ASK_AGAIN_AFTER_DAYS = 7;
/**
 * How long a request is kept after its last change: one the owner has not decided in this time
 * lapses (the visitor may ask again), and a decision shows on the dashboard this long unless dismissed.
 */
export const JOIN_REQUEST_KEPT_DAYS = 30;

/** POST /api/forum/ask-to-join: an optional note for the owner (plain text, one line). */
export const askToJoinRequest = v.object({
  note: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(MAX_JOIN_NOTE_LENGTH, `The note can be at most ${MAX_JOIN_NOTE_LENGTH} characters.`),
    v.check(
      (note) => !/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u.test(note),
      'The note must be one line of plain text.',
    ),
  ),
});
export type AskToJoinRequest = v.InferOutput<typeof askToJoinRequest>;

/** POST /api/forum/join-requests/decide: the owner's decision on one waiting request. */
export const joinDecisionRequest = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'id must be the id of a request.')),
  decision: v.picklist(['approve', 'decline'], 'decision must be approve or decline.'),
});
export type JoinDecision = v.InferOutput<typeof joinDecisionRequest>['decision'];

export type JoinStatus = 'pending' | 'approved' | 'declined';

/** A visitor's own request, as GET /api/forum/join-request answers it. */
export interface OwnJoinRequest {
  id: string;
  status: JoinStatus;
  /** When they asked (ISO 8601). */
  askedAt: string;
  /** When the owner decided (ISO 8601). */
  decidedAt?: string;
  /** The note they left, if any. */
  note?: string;
  /** Present once they dismissed the decision's notice on their dashboard. */
  dismissed?: true;
  /** After a decline: from when they may ask again (ISO 8601). */
  askAgainFrom?: string;
}

export interface JoinRequestResponse {
  status: 'Success';
  /** The visitor's request, or null when they have none (never asked, or it lapsed). */
  request: OwnJoinRequest | null;
  /**
   * A fresh session token, when the account's clearance is above the token's (the owner let them
   * in): the same session, now with the forum. The browser keeps it in place of its own.
   */
  token?: string;
}

/** The answer of POST /api/forum/ask-to-join: the request as stored. */
export interface AskToJoinResponse {
  status: 'Success';
  request: OwnJoinRequest;
}

/** A request waiting for the owner, as the console lists it. */
export interface PendingJoinRequest {
  id: string;
  username: string;
  note: string;
  askedAt: string;
}

export interface JoinRequestsResponse {
  status: 'Success';
  /** The waiting requests, oldest first. */
  requests: PendingJoinRequest[];
}

export interface DecideJoinResponse {
  status: 'Success';
  decision: JoinDecision;
  username: string;
}

/**
 * Why asking to join was refused, when the page says so in its own words: already a member, a
 * request already waiting, asked again too soon after a decline, the owner's list full, or a
 * request from the same address waiting.
 */
export type JoinReason = 'already-member' | 'already-waiting' | 'too-soon' | 'list-full' | 'address-full';

/**
 * A member is told when someone replies in a thread they started or mentions them by `@name` (and,
 * if they ask, by mail in a daily digest, to their verified address only): the
 * newest this many are kept per member, for NOTIFICATIONS_KEPT_DAYS after the last, and at most
 * MENTIONS_TOLD members are told of one message's mentions (a message naming the whole forum tells
 * the first ones only).
 */
export const MAX_NOTIFICATIONS = 50;
export const NOTIFICATIONS_KEPT_DAYS = 30;
export const MENTIONS_TOLD = 10;

/** What a member is told: a reply in a thread they started, or a mention of their name. */
export type NotificationKind = 'reply' | 'mention';

/** One notification as the dashboard lists it; a message deleted since is no longer listed. */
export interface ForumNotification {
  /** The message that replied or mentioned. */
  id: string;
  kind: NotificationKind;
  /** Who wrote it. */
  from: string;
  /** Its top-level message: the thread it is in, or itself. */
  thread: string;
  /** When it was posted (ms). */
  at: number;
  /** The start of its text as it reads now. */
  excerpt: string;
  /** Whether it came after what the member had seen. */
  unseen: boolean;
}

export interface NotificationsResponse {
  status: 'Success';
  notifications: ForumNotification[];
  unseen: number;
  /** Whether the member asked for a daily digest of them by mail. */
  digest: boolean;
}

/** A daily digest names at most this many notifications, the newest, and says how many more there are. */
export const DIGEST_NOTES = 10;

/** Asks for the daily digest by mail, or stops it. */
export const digestRequest = v.object({ on: v.boolean('on must be true or false.') });

export interface NotificationCountResponse {
  status: 'Success';
  unseen: number;
}
