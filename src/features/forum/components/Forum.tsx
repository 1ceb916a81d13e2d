// The forum island (SPEC sections 2, 4, 5): the messages, Post, and Delete on one's own messages,
// rendered from the forum store.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $user } from '../../../platform/session.ts';
import { authorOf, isAuthor, postedAgo } from '../logic.ts';
import { MAX_MESSAGE_LENGTH } from '../schema.ts';
import {
  $alert,
  $draft,
  $loadFailed,
  $messages,
  $now,
  $posting,
  deleteMessage,
  editDraft,
  postDraft,
} from '../store.ts';
import './forum.css';

export default function Forum() {
  const user = useStore($user);
  const messages = useStore($messages);
  const loadFailed = useStore($loadFailed);
  const text = useStore($draft);
  const alert = useStore($alert);
  const posting = useStore($posting);
  const now = useStore($now);
  const list = useRef<HTMLDivElement>(null);

  // Show the newest message, at the bottom.
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

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
        {messages?.map((message) => (
          <article key={message._id} className="forum-card" aria-label={`Message from ${authorOf(message)}`}>
            <header>
              <strong>{authorOf(message)}</strong>
              <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString('en')}>
                {postedAgo(message.createdAt, now)}
              </time>
            </header>
            <p className="forum-text">{message.text}</p>
            {isAuthor(message, user.username) && (
              <button type="button" className="button forum-delete" onClick={() => void deleteMessage(message)}>
                Delete<span className="visually-hidden"> your message</span>
              </button>
            )}
          </article>
        ))}
      </div>
      <form
        className="forum-post"
        onSubmit={(event) => {
          event.preventDefault();
          void postDraft();
        }}
      >
        <label className="visually-hidden" htmlFor="forum-text">
          Your message
        </label>
        <textarea
          id="forum-text"
          className="text-input"
          rows={3}
          placeholder={`Enter your message (Max ${MAX_MESSAGE_LENGTH} characters)`}
          maxLength={MAX_MESSAGE_LENGTH}
          value={text}
          onChange={(event) => editDraft(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!text.trim() || posting}>
          Post
        </button>
      </form>
    </div>
  );
}
