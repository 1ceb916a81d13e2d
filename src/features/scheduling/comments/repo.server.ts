// A poll's comments in Redis: one list of JSON per poll, oldest first.
import { runAsAdmin } from '../../../server/admin-limit.ts';
import { attemptCounter } from '../../../server/rate-limit.ts';
import { type SessionCheck, checkedRead } from '../../../server/session.ts';
import { type Organiser, actingAs } from '../organising/repo.server.ts';
import { schedulingKeys } from '../poll/keys.server.ts';
import { COMMENTS_PER_POLL_PER_ADDRESS, MAX_COMMENTS_PER_POLL, type PollComment } from './logic.ts';
import * as scripts from './scripts.server.ts';

/** A comment as it is stored: with its member author's account key (none for a guest's). */
export type StoredComment = Omit<PollComment, 'member' | 'own'> & { account?: string };

const PER_ADDRESS = { bucket: 'sched-comment-poll', max: COMMENTS_PER_POLL_PER_ADDRESS, windowSeconds: 3600 };

/** Adds a comment at the end of a poll's, within the poll's and the address's caps (one round trip). */
export function appendComment(pollId: string, comment: StoredComment, address: string) {
  const [counter, max, window] = attemptCounter([PER_ADDRESS, `${pollId}@${address}`]);
  return scripts.addComment.run(
    {
      polls: schedulingKeys.polls(),
      commentsOff: schedulingKeys.commentsOff(),
      comments: schedulingKeys.comments(pollId),
      state: schedulingKeys.state(pollId),
      addressCounter: counter,
    },
    {
      pollId,
      comment: JSON.stringify(comment),
      maxComments: MAX_COMMENTS_PER_POLL,
      perAddressMax: max,
      perAddressWindow: window,
    },
  );
}

/** A poll's comments with its organiser's account and version: one round trip with the session check. */
export async function readComments(
  pollId: string,
  session: SessionCheck | undefined,
): Promise<{ comments: StoredComment[]; organiser: string; version: number }> {
  const [comments, organiser, version] = (await checkedRead(session, (pipe) =>
    pipe
      .lrange(schedulingKeys.comments(pollId), 0, -1)
      .hget(schedulingKeys.organisers(), pollId)
      .hget(schedulingKeys.state(pollId), 'version'),
  )) as [string[], string | null, string | null];
  return {
    comments: comments.map((json) => JSON.parse(json) as StoredComment),
    organiser: organiser ?? '',
    version: Number(version ?? 0),
  };
}

/** Deletes a comment, for its member author or the poll's organiser or an admin (one round trip). */
export function deleteComment(caller: Organiser, pollId: string, commentId: string) {
  return runAsAdmin(
    caller,
    scripts.deleteComment,
    {
      comments: schedulingKeys.comments(pollId),
      organisers: schedulingKeys.organisers(),
      state: schedulingKeys.state(pollId),
    },
    { pollId, commentId, ...actingAs(caller) },
  );
}
