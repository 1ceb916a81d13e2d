// Forum use cases. Clearance is checked by the functions; here the author is always the token's
// user and only they (or the admin CLI) can delete what they wrote.
import { AppError } from '../../server/app-error.ts';
import { usernameKey } from '../../server/keys.ts';
import { dailyCapReached } from '../../server/daily-cap.ts';
import { type RateLimit, scaledForLocalRun } from '../../server/rate-limit.ts';
import { type SessionCheck, type SessionUser, checkedWithinRateLimits } from '../../server/session.ts';
import * as repo from './repo.server.ts';
import { type CreateMessageRequest, type ForumMessage, NO_PERMISSION } from './schema.ts';

/** The list shows this many of the latest messages. */
export const LIST_SIZE = 200;

// Faster than anyone types; slows a script flooding the forum.
export const LIMITS = {
  postsPerUser: { bucket: 'forum-post-user', max: 20, windowSeconds: 60 },
} satisfies Record<string, RateLimit>;

// Posts one member may make in a UTC day: a lively day's talk is a few dozen; the per-minute limit
// alone would let a script post 28,800 a day.
export const POSTS_PER_DAY = 200;

type Member = Pick<SessionUser, 'username' | 'session'>;

function toMessage({ id, text, author, createdAt }: repo.StoredMessage): ForumMessage {
  return author ? { _id: id, text, createdAt, user: { username: author } } : { _id: id, text, createdAt };
}

/** Lists the latest messages, oldest first (checking the member's session; the admin CLI has none). */
export async function listMessages(session: SessionCheck | undefined): Promise<ForumMessage[]> {
  return (await repo.latestMessages(LIST_SIZE, session)).map(toMessage);
}

/** Posts a message as the token's user. */
export async function postMessage(user: Member, input: CreateMessageRequest): Promise<ForumMessage> {
  if (input.username !== undefined && usernameKey(input.username) !== usernameKey(user.username)) {
    throw new AppError('forbidden', 'You can only post as yourself.');
  }
  // The session is checked in the rate limit's round trip, so an ended one never posts.
  await checkedWithinRateLimits(user.session, [[LIMITS.postsPerUser, usernameKey(user.username)]]);
  const message: repo.StoredMessage = {
    id: crypto.randomUUID(),
    text: input.text,
    author: user.username,
    createdAt: new Date().toISOString(),
  };
  if (!(await repo.appendMessage(message, scaledForLocalRun(POSTS_PER_DAY)))) {
    throw dailyCapReached(`You have posted ${POSTS_PER_DAY} messages today, the most a member may post in a day.`);
  }
  return toMessage(message);
}

/** Deletes one of the user's own messages. */
export async function deleteOwnMessage(user: Member, id: string): Promise<void> {
  const outcome = await repo.deleteMessage(id, usernameKey(user.username), user.session);
  if (outcome === 'unknown') throw new AppError('not_found', 'That message does not exist.');
  if (outcome === 'not-theirs') throw new AppError('forbidden', NO_PERMISSION);
}

/** Deletes any message (moderation, from the admin CLI). */
export async function deleteAnyMessage(id: string): Promise<void> {
  if ((await repo.deleteMessage(id, '', undefined, true)) === 'unknown') {
    throw new AppError('not_found', `No message with id ${id}.`);
  }
}
