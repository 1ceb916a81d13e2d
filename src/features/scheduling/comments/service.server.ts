// Commenting on a scheduling poll (logic.ts has the rules): a member comments under their
// account's name, a guest under a name they type; the reader's own comments are marked, and the
// poll's organiser (or an admin) may delete any of them, or switch the poll's comments off.
import { randomUUID } from 'node:crypto';
import { canAdminister } from '../../../lib/policy.ts';
import { displayName } from '../../../lib/user-details.ts';
import { AppError } from '../../../server/app-error.ts';
import { type Guest, isSignedIn, sessionOf } from '../../../server/caller.ts';
import { type RateLimit, rateLimited } from '../../../server/rate-limit.ts';
import { secondsToWait } from '../../../server/scripts/script.ts';
import { type SessionUser, checkedWithinRateLimits } from '../../../server/session.ts';
import {
  COMMENT_NAME_NEEDED,
  COMMENTS_FULL,
  COMMENTS_OFF,
  type CommentsResponse,
  NO_SUCH_COMMENT,
  NOT_YOUR_COMMENT,
  type PollComment,
} from './logic.ts';
import * as repo from './repo.server.ts';
import { isPollId } from '../poll/logic.ts';
import type { Organiser } from '../organising/repo.server.ts';
import type { SchedulingReason } from '../poll/schema.ts';
import type { CommentRequest } from './schema.ts';
import { NO_SUCH_POLL } from '../poll/logic.ts';

// Faster than anyone types; a script posting under many polls is held back per address.
export const LIMITS = {
  commentsPerAddress: { bucket: 'sched-comment-ip', max: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

/** A stored comment as `reader` sees it: a member's or a guest's, and marked when it is the reader's own. */
function shown({ account, ...comment }: repo.StoredComment, reader: string): PollComment {
  return { ...comment, member: account !== undefined, ...(account && account === reader ? { own: true } : {}) };
}

const refusal = (code: 'conflict', message: string, reason: SchedulingReason) =>
  new AppError<SchedulingReason>(code, message, {}, reason);

/** Adds a comment to a poll as the caller: a member under their account's name, a guest under the name they typed. */
export async function comment(
  input: CommentRequest,
  caller: SessionUser | Guest,
  address: string,
  now = Date.now(),
): Promise<{ comment: PollComment }> {
  if (!isPollId(input.pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const member = isSignedIn(caller);
  const name = member ? displayName(caller) : input.name;
  if (!name) throw new AppError('bad_request', COMMENT_NAME_NEEDED);
  // A member's session is checked in the rate limit's round trip, before the comment is written.
  await checkedWithinRateLimits(sessionOf(caller), [[LIMITS.commentsPerAddress, address]]);
  const stored: repo.StoredComment = {
    id: randomUUID(),
    name,
    ...(member ? { account: caller.accountKey } : {}),
    text: input.text,
    createdAt: new Date(now).toISOString(),
  };
  const outcome = await repo.appendComment(input.pollId, stored, address);
  const wait = secondsToWait(outcome);
  if (wait !== undefined) throw rateLimited(wait);
  if (outcome === 'no-poll') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'off') throw refusal('conflict', COMMENTS_OFF, 'comments-off');
  if (outcome === 'full') throw refusal('conflict', COMMENTS_FULL, 'comments-full');
  return { comment: shown(stored, member ? caller.accountKey : '') };
}

/** A poll's comments, oldest first, the reader's own marked, with whether they may delete any. */
export async function pollComments(
  pollId: string,
  reader: SessionUser | Guest,
): Promise<CommentsResponse & { version: number }> {
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const { comments, organiser, version } = await repo.readComments(pollId, sessionOf(reader));
  const account = isSignedIn(reader) ? reader.accountKey : '';
  return {
    comments: comments.map((each) => shown(each, account)),
    moderator: isSignedIn(reader) && (canAdminister(reader) || organiser === account),
    version,
  };
}

/** Deletes a comment, for its member author, or the poll's organiser or an admin. */
export async function deleteComment(caller: Organiser, pollId: string, commentId: string) {
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const outcome = await repo.deleteComment(caller, pollId, commentId);
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_COMMENT);
  if (outcome === 'not-theirs') throw new AppError('forbidden', NOT_YOUR_COMMENT);
}
