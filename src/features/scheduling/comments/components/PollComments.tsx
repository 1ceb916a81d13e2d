// A poll's comments: each with its author (a guest's marked as such, so nobody passes for a member)
// and how long ago, Delete on the reader's own and, for the poll's organiser, on every one; and the
// form to add one (a guest also types a name), unless the organiser switched them off.
import Field from '../../../../components/Field.tsx';
import { timeAgo } from '../../../../lib/relative-time.ts';
import { displayName } from '../../../../lib/user-details.ts';
import { MAX_NAME_LENGTH } from '../../poll/logic.ts';
import { type PollView, deletePollComment, editComment, postComment } from '../../poll/store.ts';
import { MAX_COMMENT_LENGTH } from '../logic.ts';

export default function PollComments({ poll }: { poll: PollView }) {
  const { id, comments, commentForm: form } = poll;
  const off = poll.details?.commentsOff === true;
  const titleId = `${id}-comments`;

  return (
    <section className="sched-comments" aria-labelledby={titleId}>
      <h2 id={titleId}>Comments</h2>
      {comments === null && <p className="sched-loading">Loading comments...</p>}
      {comments?.length === 0 && !off && (
        <p className="sched-note">No comments yet. Ask a question or say what suits you.</p>
      )}
      {comments && comments.length > 0 && (
        <ol className="sched-comment-list">
          {comments.map((comment) => {
            const who = comment.member ? comment.name : `${comment.name} (guest)`;
            return (
              <li key={comment.id} className="sched-comment">
                <article aria-label={`Comment from ${who}`}>
                  <p className="sched-comment-head">
                    <strong>{comment.name}</strong>
                    {!comment.member && <span className="sched-guest"> (guest)</span>}
                    {' · '}
                    <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
                  </p>
                  <p className="sched-comment-text">{comment.text}</p>
                  {(comment.own === true || poll.moderator) && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => void deletePollComment(id, comment.id)}
                    >
                      Delete<span className="visually-hidden"> the comment from {who}</span>
                    </button>
                  )}
                </article>
              </li>
            );
          })}
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
            void postComment(id);
          }}
        >
          {poll.member ? (
            <p className="sched-note">Commenting as {displayName(poll.member)}.</p>
          ) : (
            <Field
              id={`${titleId}-name`}
              label="Your name"
              autoComplete="name"
              maxLength={MAX_NAME_LENGTH}
              value={form.name}
              onChange={(event) => editComment(id, { name: event.target.value })}
            />
          )}
          <Field
            as="textarea"
            id={`${titleId}-text`}
            label="Your comment"
            rows={3}
            maxLength={MAX_COMMENT_LENGTH}
            value={form.text}
            onChange={(event) => editComment(id, { text: event.target.value })}
            live
            hint={`Plain text, at most ${MAX_COMMENT_LENGTH} characters (${MAX_COMMENT_LENGTH - form.text.length} left).`}
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
