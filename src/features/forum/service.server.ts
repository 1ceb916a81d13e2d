// Forum use cases. Clearance is checked by the functions; here the author is always the token's
// user, only they edit what they wrote (within EDIT_WINDOW_MINUTES), and only they or a moderator
// (or the admin CLI) delete it. "They" is the account (its account key), not the name: a name
// registered again does not own the old account's posts, and the reader's own are marked `own`.
import { canModerateForum } from '../../lib/policy.ts';
import { AppError } from '../../server/app-error.ts';
import { type Operator, isSignedIn, sessionOf } from '../../server/caller.ts';
import { dailyCapReached } from '../../server/daily-cap.ts';
import { usernameKey } from '../../server/keys.ts';
import { type RateLimit, scaledForLocalRun } from '../../server/rate-limit.ts';
import { type SessionUser, checkedWithinRateLimits } from '../../server/session.ts';
import { withinEditWindow } from './logic.ts';
import * as repo from './repo.server.ts';
import {
  type CreateMessageRequest,
  EDIT_TOO_LATE,
  type ForumMessage,
  type MessagesResponse,
  NOT_YOUR_MESSAGE,
  NO_PERMISSION,
} from './schema.ts';

// Faster than anyone types; slows a script flooding the forum.
export const LIMITS = {
  postsPerUser: { bucket: 'forum-post-user', max: 20, windowSeconds: 60 },
  editsPerUser: { bucket: 'forum-edit-user', max: 20, windowSeconds: 60 },
} satisfies Record<string, RateLimit>;

// Posts one member may make in a UTC day: a lively day's talk is a few dozen; the per-minute limit
// alone would let a script post 28,800 a day.
export const POSTS_PER_DAY = 200;

type Member = Pick<SessionUser, 'username' | 'accountKey' | 'session'>;
type Moderator = Member & Pick<SessionUser, 'clearance'>;

/** A stored message as the API answers it, marked `own` when it is the reader's. */
function toMessage({ id, text, author, createdAt, editedAt }: repo.StoredMessage, own: boolean): ForumMessage {
  return {
    _id: id,
    text,
    createdAt,
    ...(author ? { user: { username: author } } : {}),
    ...(editedAt ? { editedAt } : {}),
    ...(own ? { own: true } : {}),
  };
}

/**
 * One page of messages, oldest first, with the cursor of the next older page: the newest `limit`,
 * or those before the cursor `before` (checking a member's session; the operator has none).
 */
export async function listMessages(
  reader: Member | Operator,
  { before, limit }: { before?: number; limit: number } = { limit: 50 },
): Promise<Omit<MessagesResponse, 'status'>> {
  const page = await repo.messagesPage(limit, before, sessionOf(reader));
  const oldest = page.messages.at(-1);
  const readerKey = isSignedIn(reader) ? reader.accountKey : undefined;
  return {
    messages: page.messages.map(({ message, authorKey }) => toMessage(message, authorKey === readerKey)).reverse(),
    older: page.more && oldest ? String(oldest.place) : null,
    version: page.version,
  };
}

/** The forum's version: the page reloads only when it moved. */
export function forumVersion(reader: Member | Operator): Promise<string> {
  return repo.forumVersion(sessionOf(reader));
}

/** Posts a message as the token's user. */
export async function postMessage(user: Member, input: CreateMessageRequest): Promise<ForumMessage> {
  if (input.username !== undefined && usernameKey(input.username) !== usernameKey(user.username)) {
    throw new AppError('forbidden', 'You can only post as yourself.');
  }
  // The session is checked in the rate limit's round trip, so an ended one never posts.
  await checkedWithinRateLimits(user.session, [[LIMITS.postsPerUser, user.accountKey]]);
  const message: repo.StoredMessage = {
    id: crypto.randomUUID(),
    text: input.text,
    author: user.username,
    createdAt: new Date().toISOString(),
  };
  if (!(await repo.appendMessage(message, user.accountKey, scaledForLocalRun(POSTS_PER_DAY)))) {
    throw dailyCapReached(`You have posted ${POSTS_PER_DAY} messages today, the most a member may post in a day.`);
  }
  return toMessage(message, true);
}

/**
 * Replaces the text of one of the user's own messages, within EDIT_WINDOW_MINUTES of its posting.
 * Two round trips: the rate limit, the session and the message read together; then the message
 * replaced only if it is still what was checked.
 */
export async function editOwnMessage(user: Member, id: string, text: string, now = Date.now()): Promise<ForumMessage> {
  const [read, authorKey] = (await checkedWithinRateLimits(
    user.session,
    [[LIMITS.editsPerUser, user.accountKey]],
    (pipe) => repo.readMessageInto(pipe, id),
  )) as [string | null, string | null];
  if (read === null || authorKey === null) throw new AppError('not_found', 'That message does not exist.');
  if (authorKey !== user.accountKey) throw new AppError('forbidden', NOT_YOUR_MESSAGE);
  const stored = JSON.parse(read) as repo.StoredMessage;
  if (!withinEditWindow(stored.createdAt, now)) throw new AppError('forbidden', EDIT_TOO_LATE);
  if (stored.text === text) return toMessage(stored, true);
  const edited = { ...stored, text, editedAt: new Date(now).toISOString() };
  if (!(await repo.replaceMessage(read, edited))) {
    throw new AppError('conflict', 'The message changed or was deleted meanwhile. Please reload and try again.');
  }
  return toMessage(edited, true);
}

/** Deletes one of the user's own messages, or anyone's for a moderator. */
export async function deleteMessage(user: Moderator, id: string): Promise<void> {
  const outcome = await repo.deleteMessage(id, user.accountKey, user.session, canModerateForum(user));
  if (outcome === 'unknown') throw new AppError('not_found', 'That message does not exist.');
  if (outcome === 'not-theirs') throw new AppError('forbidden', NO_PERMISSION);
}

/** Deletes any message (moderation, from the admin CLI). */
export async function deleteAnyMessage(id: string): Promise<void> {
  if ((await repo.deleteMessage(id, '', undefined, true)) === 'unknown') {
    throw new AppError('not_found', `No message with id ${id}.`);
  }
}
