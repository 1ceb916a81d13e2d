// Commenting on a scheduling poll: a member under their account's name, a guest under a name they
// type; the reader's own comments are marked, and the poll's organiser (or an admin) may delete any.
import { randomUUID } from 'node:crypto';
import { canAdminister } from '../../../lib/policy.ts';
import { displayName } from '../../../lib/user-details.ts';
import { AppError } from '../../../server/app-error.ts';
import { PASS_USED, checkBotPass } from '../../../server/captcha.ts';
import { type Guest, isSignedIn, sessionOf } from '../../../server/caller.ts';
import { type RateLimit, rateLimited } from '../../../server/rate-limit.ts';
import { secondsToWait } from '../../../server/scripts/script.ts';
import { type SessionUser, checkedWithinRateLimits } from '../../../server/session.ts';
import type { Organiser } from '../organising/repo.server.ts';
import { NO_SUCH_POLL, isPollId } from '../poll/logic.ts';
import type { SchedulingReason } from '../poll/schema.ts';
import * as rules from './logic.ts';
import * as repo from './repo.server.ts';
import type { CommentRequest } from './schema.ts';

// Faster than anyone types; a script posting under many polls is held back per address.
export const LIMITS = {
  commentsPerAddress: { bucket: 'sched-comment-ip', max: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

/** A stored comment as the reader (their account key) sees it. */
function shown({ account, ...comment }: repo.StoredComment, reader: string): rules.PollComment {
  return { ...comment, member: account !== undefined, ...(account && account === reader ? { own: true } : {}) };
}

export async function comment(
  input: CommentRequest,
  caller: SessionUser | Guest,
  address: string,
  botPass?: string | null,
  now = Date.now(),
): Promise<{ comment: rules.PollComment }> {
  if (!isPollId(input.pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const member = isSignedIn(caller);
  const name = member ? displayName(caller) : input.name;
  if (!name) throw new AppError('bad_request', rules.COMMENT_NAME_NEEDED);
  // A guest's comment needs a bot pass, spent in the rate limit's round trip: a script filling a
  // poll's comments needs one per comment. A member's session is checked in that round trip.
  const pass = member ? undefined : await checkBotPass(botPass, 'vote', address);
  const [spent] = await checkedWithinRateLimits(sessionOf(caller), [[LIMITS.commentsPerAddress, address]], (tx) => {
    if (pass) tx.set(pass.key, 1, { nx: true, ex: pass.seconds });
  });
  if (pass && spent === null) throw new AppError('forbidden', PASS_USED);
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
  if (outcome === 'off') throw new AppError<SchedulingReason>('conflict', rules.COMMENTS_OFF, {}, 'comments-off');
  if (outcome === 'full') throw new AppError<SchedulingReason>('conflict', rules.COMMENTS_FULL, {}, 'comments-full');
  return { comment: shown(stored, member ? caller.accountKey : '') };
}

/** A poll's comments, oldest first, the reader's own marked, with whether they may delete any. */
export async function pollComments(
  pollId: string,
  reader: SessionUser | Guest,
): Promise<rules.CommentsResponse & { version: number }> {
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
  if (outcome === 'missing') throw new AppError('not_found', rules.NO_SUCH_COMMENT);
  if (outcome === 'not-theirs') throw new AppError('forbidden', rules.NOT_YOUR_COMMENT);
}
