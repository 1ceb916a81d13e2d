// A poll's comments: each with its author (a guest's marked as such, so nobody passes for
// a member) and how long ago, Delete on the reader's own and, for the poll's organiser, on every
// one; and the form to add one (a guest also types a name), unless the organiser switched them off.
import Field from '../../../../components/Field.tsx';
import { timeAgo } from '../../../../lib/relative-time.ts';
import { displayName } from '../../../../lib/user-details.ts';
import { MAX_COMMENT_LENGTH, type PollComment } from '../logic.ts';
import { MAX_NAME_LENGTH } from '../../poll/logic.ts';
import { deletePollComment, editComment, postComment } from '../../poll/store.ts';
import type { Poll } from '../../poll/components/SchedulingPoll.tsx';

function Comment({ pollId, comment, canDelete }: { pollId: string; comment: PollComment; canDelete: boolean }) {
  const who = comment.member ? comment.name : `${comment.name} (guest)`;
  return (
    <li className="sched-comment">
      <article aria-label={`Comment from ${who}`}>
        <p className="sched-comment-head">
          <strong>{comment.name}</strong>
          {!comment.member && <span className="sched-guest"> (guest)</span>}
          {' · '}
          <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
        </p>
        <p className="sched-comment-text">{comment.text}</p>
        {canDelete && (
          <button type="button" className="link-button" onClick={() => void deletePollComment(pollId, comment.id)}>
            Delete<span className="visually-hidden"> the comment from {who}</span>
          </button>
        )}
      </article>
    </li>
  );
}

export default function PollComments({ pollId, poll }: { pollId: string; poll: Poll }) {
  const { comments, commentForm: form } = poll;
  const off = poll.details?.commentsOff === true;
  const titleId = `${pollId}-comments`;
  const left = MAX_COMMENT_LENGTH - form.text.length;

  return (
    <section className="sched-comments" aria-labelledby={titleId}>
      <h2 id={titleId}>Comments</h2>
      {comments === null && <p className="sched-loading">Loading comments...</p>}
      {comments?.length === 0 && !off && (
        <p className="sched-note">No comments yet. Ask a question or say what suits you.</p>
      )}
      {comments && comments.length > 0 && (
        <ol className="sched-comment-list">
          {comments.map((comment) => (
            <Comment
              key={comment.id}
              pollId={pollId}
              comment={comment}
              canDelete={comment.own === true || poll.moderator}
            />
          ))}
        </ol>
      )}
      {off ? (
        <p className="sched-note">The organiser has switched comments off for this poll.</p>
      ) : (
        <form
          className="sched-comment-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void postComment(pollId);
          }}
        >
          {poll.member ? (
            <p className="sched-note">Commenting as {displayName(poll.member)}.</p>
          ) : (
            <Field
              id={`${titleId}-name`}
              label="Your name"
              className="text-input"
              autoComplete="name"
              maxLength={MAX_NAME_LENGTH}
              value={form.name}
              onChange={(event) => editComment(pollId, { name: event.target.value })}
            />
          )}
          <Field
            as="textarea"
            id={`${titleId}-text`}
            label="Your comment"
            className="text-input"
            rows={3}
            maxLength={MAX_COMMENT_LENGTH}
            value={form.text}
            onChange={(event) => editComment(pollId, { text: event.target.value })}
            live
            hint={`Plain text, at most ${MAX_COMMENT_LENGTH} characters (${left} left).`}
            error={form.error}
          />
          <button type="submit" className="button button-primary" disabled={form.sending}>
            Post comment
          </button>
        </form>
      )}
    </section>
  );
}
