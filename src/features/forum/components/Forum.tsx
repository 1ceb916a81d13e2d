// The forum island (SPEC sections 2, 4, 5): the messages as sanitized markdown, newest
// at the bottom with "Load older" above them; Post with a formatting hint and a preview; Edit on
// one's own messages for 15 minutes; Delete on one's own, and on anyone's for a moderator after a
// confirmation. Rendered from the forum store.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import Field from '../../../components/Field.tsx';
import { canModerateForum } from '../../../lib/policy.ts';
import { $user } from '../../../platform/session.ts';
import { authorOf, canEdit, hasMarkdown, isOwn, postedAgo } from '../logic.ts';
import { EDIT_WINDOW_MINUTES, type ForumMessage, MAX_MESSAGE_LENGTH } from '../schema.ts';
import {
  $alert,
  $confirmingDelete,
  $draft,
  $editing,
  $loadFailed,
  $loadingOlder,
  $messages,
  $now,
  $older,
  $posting,
  $preview,
  cancelEditing,
  changeEdit,
  confirmDelete,
  deleteMessage,
  editDraft,
  loadOlder,
  postDraft,
  saveEdit,
  startEditing,
} from '../store.ts';
// Its styles (forum.css) are imported by its page, which inlines them: an island brings no CSS.

// The renderer and its highlighter (about 70 KB gzip) load with the first message that has
// markdown in it, not with the page: a forum of plain talk never loads them.
const Markdown = lazy(() => import('../../../components/markdown/Markdown.tsx'));

/** A member's text as markdown; as typed when it has no markdown in it, or until the renderer is there. */
function MessageText({ text }: { text: string }) {
  if (!hasMarkdown(text)) return <p className="forum-text">{text}</p>;
  return (
    <Suspense fallback={<p className="forum-text">{text}</p>}>
      <div className="forum-markdown">
        <Markdown headingLevel={3}>{text}</Markdown>
      </div>
    </Suspense>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en');

function MessageCard({ message }: { message: ForumMessage }) {
  const user = useStore($user);
  const now = useStore($now);
  const editing = useStore($editing);
  const own = isOwn(message);
  const author = authorOf(message);
  const isEditing = editing?.id === message._id;
  const editId = `forum-edit-${message._id}`;
  const editBox = useRef<HTMLTextAreaElement>(null);
  // The edit opens where the member clicked Edit, ready to type.
  useEffect(() => {
    if (isEditing) editBox.current?.focus();
  }, [isEditing]);
  return (
    <article className="forum-card" aria-label={`Message from ${author}`}>
      <header>
        <strong>{author}</strong>
        <span className="forum-when">
          <time dateTime={message.createdAt} title={when(message.createdAt)}>
            {postedAgo(message.createdAt, now)}
          </time>
          {message.editedAt && (
            <span className="forum-edited" title={`Edited ${when(message.editedAt)}`}>
              {' '}
              · edited
            </span>
          )}
        </span>
      </header>
      {isEditing ? (
        <form
          className="forum-edit"
          onSubmit={(event) => {
            event.preventDefault();
            void saveEdit();
          }}
        >
          <Field
            as="textarea"
            id={editId}
            label="Edit your message"
            hideLabel
            className="text-input"
            rows={3}
            maxLength={MAX_MESSAGE_LENGTH}
            value={editing.text}
            onChange={(event) => changeEdit(event.target.value)}
            ref={editBox}
          />
          <div className="forum-actions">
            <button type="button" className="button" onClick={cancelEditing}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={!editing.text.trim()}>
              Save
            </button>
          </div>
        </form>
      ) : (
        <MessageText text={message.text} />
      )}
      {!isEditing && (own || canModerateForum(user)) && (
        <div className="forum-actions">
          {canEdit(message, now) && (
            <button type="button" className="button" onClick={() => startEditing(message)}>
              Edit<span className="visually-hidden"> your message</span>
            </button>
          )}
          <button type="button" className="button forum-delete" onClick={() => void deleteMessage(message)}>
            Delete<span className="visually-hidden">{own ? ' your message' : ` the message from ${author}`}</span>
          </button>
        </div>
      )}
    </article>
  );
}

export default function Forum() {
  const messages = useStore($messages);
  const older = useStore($older);
  const loadingOlder = useStore($loadingOlder);
  const loadFailed = useStore($loadFailed);
  const text = useStore($draft);
  const preview = useStore($preview);
  const alert = useStore($alert);
  const posting = useStore($posting);
  const confirming = useStore($confirmingDelete);
  const list = useRef<HTMLDivElement>(null);
  const newest = messages?.at(-1)?._id;

  // Show the newest message, at the bottom, when it is a new one (not when older ones load above).
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [newest]);

  return (
    <div className="forum">
      {alert && (
        <p className="forum-alert" role="alert">
          {alert}
        </p>
      )}
      <div ref={list} className="forum-messages" role="region" aria-label="Messages" tabIndex={0}>
        {messages === null && !loadFailed && <p className="forum-note">Loading messages...</p>}
        {messages === null && loadFailed && <p className="forum-note">The messages could not be loaded.</p>}
        {messages?.length === 0 && <p className="forum-note">No messages yet. Start the conversation.</p>}
        {older && (
          <button type="button" className="button forum-older" disabled={loadingOlder} onClick={() => void loadOlder()}>
            {loadingOlder ? 'Loading older messages...' : 'Load older'}
          </button>
        )}
        {messages?.map((message) => (
          <MessageCard key={message._id} message={message} />
        ))}
      </div>
      <form
        className="forum-post"
        onSubmit={(event) => {
          event.preventDefault();
          void postDraft();
        }}
      >
        <Field
          as="textarea"
          id="forum-text"
          label="Your message"
          hideLabel
          className="text-input"
          rows={3}
          placeholder={`Enter your message (Max ${MAX_MESSAGE_LENGTH} characters)`}
          maxLength={MAX_MESSAGE_LENGTH}
          value={text}
          onChange={(event) => editDraft(event.target.value)}
          preview={
            preview ? (
              <div className="forum-preview" aria-label="Preview of your message" role="region">
                {text.trim() ? <MessageText text={text} /> : <p className="forum-note">Nothing to preview yet.</p>}
              </div>
            ) : undefined
          }
          hint={
            <>
              Markdown works: **bold**, *italic*, `code`, ``` for a code block, - for a list, [text](https://…) for a
              link. You can edit a message for {EDIT_WINDOW_MINUTES} minutes after posting it.
            </>
          }
        />
        <div className="forum-actions">
          <button type="button" className="button" aria-pressed={preview} onClick={() => $preview.set(!preview)}>
            Preview
          </button>
          <button type="submit" className="button button-primary" disabled={!text.trim() || posting}>
            Post
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          id="forum-confirm-delete"
          title="Delete this message?"
          confirmLabel="Delete"
          onConfirm={() => void confirmDelete(confirming)}
          onCancel={() => $confirmingDelete.set(null)}
        >
          <p>The message from {authorOf(confirming)} will be deleted for everyone. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
