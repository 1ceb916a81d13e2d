// The forum island (SPEC sections 2, 4, 5): for a member, the messages as sanitized markdown,
// newest at the bottom with "Load older" above them, each with its reactions and its replies; Post
// with a formatting hint and a preview; Edit and Delete on one's own (Delete on anyone's for a
// moderator, confirmed when replies go with it); mentions of the reader highlighted. A visitor
// below the forum's clearance sees ForumClosed.tsx instead.
import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useRef } from 'react';
import Alert from '../../../components/Alert.tsx';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import Field from '../../../components/Field.tsx';
import { MarkdownText } from '../../../components/markdown/renderer.ts';
import { useFollowNewest } from '../../../components/use-follow-newest.ts';
import { MENTIONS_YOU, readerMentions } from '../../../lib/mentions.ts';
import { canModerateForum, canUseForum } from '../../../lib/policy.ts';
import { $user } from '../../../platform/session.ts';
import {
  authorOf,
  canEdit,
  hasMarkdown,
  hasReacted,
  isOwn,
  postedAgo,
  reactionCount,
  reactionLabel,
  reactionName,
  repliesCount,
} from '../logic.ts';
import { EDIT_WINDOW_MINUTES, type ForumMessage, MAX_MESSAGE_LENGTH, REACTIONS } from '../schema.ts';
import {
  $alert,
  $announcement,
  $confirmingDelete,
  $draft,
  $editing,
  $loadFailed,
  $loadingOlder,
  $loadingReplies,
  $messages,
  $now,
  $older,
  $posting,
  $preview,
  $replying,
  $tails,
  cancelEditing,
  cancelReply,
  changeEdit,
  changeReply,
  confirmDelete,
  deleteMessage,
  editDraft,
  loadMoreReplies,
  loadOlder,
  postDraft,
  saveEdit,
  sendReply,
  startEditing,
  startReply,
  toggleReaction,
} from '../store.ts';
import ForumClosed from './ForumClosed.tsx';
// Its styles (forum.css) are imported by its page, which inlines them: an island brings no CSS.

/** Plain text as written, each mention of the reader marked (and said: "mentions you"). */
function PlainText({ text, reader }: { text: string; reader: string }) {
  return (
    <p className="forum-text">
      {readerMentions(text, reader).map((part, index) =>
        part.marked ? (
          <mark key={index} className="mention-you">
            {part.text}
            <span className="visually-hidden">{MENTIONS_YOU}</span>
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A member's text as markdown; as typed when it has no markdown in it, or until the renderer is there. */
function MessageText({ text }: { text: string }) {
  const reader = useStore($user).username;
  const typed = <PlainText text={text} reader={reader} />;
  if (!hasMarkdown(text)) return typed;
  return (
    <div className="forum-markdown">
      <MarkdownText
        fallback={typed}
        headingLevel={3}
        highlight={{ parts: (part) => readerMentions(part, reader), className: 'mention-you', said: MENTIONS_YOU }}
      >
        {text}
      </MarkdownText>
    </div>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en');

/** Moves the focus to the element with `id` once React has drawn it. */
function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

const replyButtonId = (id: string) => `forum-reply-button-${id}`;

/** The reactions of a message or reply: one toggle each, named by the reaction and its count. */
function Reactions({ message }: { message: ForumMessage }) {
  return (
    <div className="forum-reactions" role="group" aria-label={`Reactions to the message from ${authorOf(message)}`}>
      {REACTIONS.map(({ id, emoji }) => {
        const count = reactionCount(message, id);
        return (
          <button
            key={id}
            type="button"
            className="forum-reaction"
            aria-pressed={hasReacted(message, id)}
            title={reactionName(id)}
            onClick={() => void toggleReaction(message._id, id)}
          >
            <span aria-hidden="true" className="forum-reaction-emoji">
              {emoji}
            </span>
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{reactionLabel(id, count)}</span>
          </button>
        );
      })}
    </div>
  );
}

interface TextFormProps {
  className: string;
  id: string;
  label: string;
  hideLabel?: boolean;
  rows: number;
  text: string;
  onChange: (text: string) => void;
  box: RefObject<HTMLTextAreaElement | null>;
  onSubmit: () => void;
  onCancel: () => void;
  /** Escape cancels too (the reply box: keyboard first). */
  cancelOnEscape?: boolean;
  submitLabel: string;
  canSubmit: boolean;
}

/** A message's text box with Cancel and its send button: the reply box and the edit form. */
function TextForm(props: TextFormProps) {
  const { className, id, label, hideLabel, rows, text, onChange, box, onSubmit, onCancel, submitLabel, canSubmit } =
    props;
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      onKeyDown={
        props.cancelOnEscape
          ? (event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onCancel();
              }
            }
          : undefined
      }
    >
      <Field
        as="textarea"
        id={id}
        label={label}
        hideLabel={hideLabel}
        className="text-input"
        rows={rows}
        maxLength={MAX_MESSAGE_LENGTH}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        ref={box}
      />
      <div className="forum-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={!canSubmit}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * The reply box under a thread: keyboard first (Escape cancels), the focus back on the
 * Reply that opened it when it closes.
 */
function ReplyBox({ to, author }: { to: string; author: string }) {
  const replying = useStore($replying);
  const box = useRef<HTMLTextAreaElement>(null);
  const from = replying?.from;
  // The box opens ready to type, after the mention it may start with.
  useEffect(() => {
    const field = box.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [from]);
  if (!replying || replying.to !== to) return null;
  const close = () => {
    cancelReply();
    focusSoon(replyButtonId(replying.from));
  };
  const id = `forum-reply-${to}`;
  return (
    <TextForm
      className="forum-reply-box"
      id={id}
      label={`Reply to ${author}`}
      rows={2}
      text={replying.text}
      onChange={changeReply}
      box={box}
      onSubmit={() =>
        void sendReply().then(() => {
          if ($replying.get() === null) focusSoon(replyButtonId(replying.from));
        })
      }
      onCancel={close}
      cancelOnEscape
      submitLabel="Post reply"
      canSubmit={!!replying.text.trim() && !replying.sending}
    />
  );
}

/**
 * A thread's replies under its message: oldest first, "Load more replies", the replies
 * posted here since, the reply box.
 */
function Thread({ message }: { message: ForumMessage }) {
  const loading = useStore($loadingReplies).has(message._id);
  const tail = useStore($tails)[message._id] ?? [];
  const replying = useStore($replying);
  const replies = message.replies ?? [];
  const hidden = (message.replyCount ?? 0) - replies.length - tail.length;
  const author = authorOf(message);
  if (replies.length === 0 && tail.length === 0 && replying?.to !== message._id) return null;
  return (
    <div className="forum-thread">
      {(replies.length > 0 || tail.length > 0) && (
        <ol className="forum-replies" aria-label={`Replies to ${author}, ${repliesCount(message.replyCount ?? 0)}`}>
          {replies.map((reply) => (
            <li key={reply._id}>
              <MessageCard message={reply} />
            </li>
          ))}
        </ol>
      )}
      {message.moreReplies && (
        <button
          type="button"
          className="button forum-more-replies"
          disabled={loading}
          onClick={() => void loadMoreReplies(message._id)}
        >
          {loading ? 'Loading replies...' : 'Load more replies'}
          {!loading && hidden > 0 && <span className="forum-more-count"> ({hidden} more)</span>}
        </button>
      )}
      {tail.length > 0 && (
        <ol className="forum-replies" aria-label={`Your latest replies to ${author}`}>
          {tail.map((reply) => (
            <li key={reply._id}>
              <MessageCard message={reply} />
            </li>
          ))}
        </ol>
      )}
      <ReplyBox to={message._id} author={author} />
    </div>
  );
}

function MessageCard({ message }: { message: ForumMessage }) {
  const user = useStore($user);
  const now = useStore($now);
  const editing = useStore($editing);
  const own = isOwn(message);
  const author = authorOf(message);
  const isReply = message.replyTo !== undefined;
  const isEditing = editing?.id === message._id;
  const editId = `forum-edit-${message._id}`;
  const editBox = useRef<HTMLTextAreaElement>(null);
  // The edit opens where the member clicked Edit, ready to type.
  useEffect(() => {
    if (isEditing) editBox.current?.focus();
  }, [isEditing]);
  return (
    <article
      id={`message-${message._id}`}
      tabIndex={-1}
      className={isReply ? 'forum-card forum-reply' : 'forum-card'}
      aria-label={`${isReply ? 'Reply' : 'Message'} from ${author}`}
    >
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
        <TextForm
          className="forum-edit"
          id={editId}
          label="Edit your message"
          hideLabel
          rows={3}
          text={editing.text}
          onChange={changeEdit}
          box={editBox}
          onSubmit={() => void saveEdit()}
          onCancel={cancelEditing}
          submitLabel="Save"
          canSubmit={!!editing.text.trim()}
        />
      ) : (
        <MessageText text={message.text} />
      )}
      {!isEditing && (
        <div className="forum-footer">
          <Reactions message={message} />
          <div className="forum-actions">
            <button
              type="button"
              id={replyButtonId(message._id)}
              className="button"
              onClick={() => startReply(message)}
            >
              Reply<span className="visually-hidden"> to {author}</span>
            </button>
            {canEdit(message, now) && (
              <button type="button" className="button" onClick={() => startEditing(message)}>
                Edit<span className="visually-hidden"> your {isReply ? 'reply' : 'message'}</span>
              </button>
            )}
            {(own || canModerateForum(user)) && (
              <button type="button" className="button forum-delete" onClick={() => void deleteMessage(message)}>
                Delete
                <span className="visually-hidden">
                  {own
                    ? ` your ${isReply ? 'reply' : 'message'}`
                    : ` the ${isReply ? 'reply' : 'message'} from ${author}`}
                </span>
              </button>
            )}
          </div>
        </div>
      )}
      {!isReply && <Thread message={message} />}
    </article>
  );
}

/** What the delete confirmation says: whose message goes, and the replies that go with it. */
function DeleteWarning({ message }: { message: ForumMessage }) {
  const replies = message.replyCount ?? 0;
  const what = message.replyTo ? 'reply' : 'message';
  return (
    <p>
      {isOwn(message) ? `Your ${what}` : `The ${what} from ${authorOf(message)}`} will be deleted for everyone.
      {replies > 0 && ` Its ${repliesCount(replies)} will be deleted with it.`} This cannot be undone.
    </p>
  );
}

/** The forum for a member: the messages, the new message's form, the confirmations and the status line. */
function ForumBoard() {
  const messages = useStore($messages);
  const older = useStore($older);
  const loadingOlder = useStore($loadingOlder);
  const loadFailed = useStore($loadFailed);
  const text = useStore($draft);
  const preview = useStore($preview);
  const alert = useStore($alert);
  const posting = useStore($posting);
  const confirming = useStore($confirmingDelete);
  const announcement = useStore($announcement);
  const list = useRef<HTMLDivElement>(null);
  const newest = messages?.at(-1)?._id;
  const following = useRef(true);
  useFollowNewest(list, following);

  // Show the newest message, at the bottom, when it is a new one (not when older ones load above).
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [newest]);

  // A link to one message (a notification's: /forum#message-<id>) shows it, focused, once it is in.
  const linked = useRef(typeof location === 'undefined' ? '' : decodeURIComponent(location.hash.slice(1)));
  useEffect(() => {
    const target = linked.current.startsWith('message-') && document.getElementById(linked.current);
    if (!target) return;
    linked.current = '';
    following.current = false;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [messages]);

  return (
    <div className="forum">
      <Alert className="forum-alert">{alert}</Alert>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
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
              link; @name mentions a member. You can edit a message for {EDIT_WINDOW_MINUTES} minutes after posting it.
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
          title={confirming.replyTo ? 'Delete this reply?' : 'Delete this message?'}
          confirmLabel="Delete"
          onConfirm={() => void confirmDelete(confirming)}
          onCancel={() => $confirmingDelete.set(null)}
        >
          <DeleteWarning message={confirming} />
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * The forum page's island: the forum for a member; for a signed-in visitor below its clearance, why
 * it is closed. A session that ended on the page leaves the forum as it was, saying what failed.
 */
export default function Forum() {
  const user = useStore($user);
  return user.username && !canUseForum(user) ? <ForumClosed /> : <ForumBoard />;
}
