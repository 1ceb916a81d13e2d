// The forum island (SPEC sections 2, 4, 5): the messages, Post, and Delete on one's own messages.
// Failures are logged, except the permission and length alerts the spec names.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../auth/api-client.ts';
import { $user } from '../../auth/store.ts';
import { deleteForumMessage, fetchMessages, postForumMessage } from '../api-client.ts';
import { authorOf, isAuthor, postProblem, postedAgo } from '../logic.ts';
import { type ForumMessage, MAX_MESSAGE_LENGTH, NO_PERMISSION } from '../schema.ts';
import './forum.css';

/** How often 'Posted … ago' is brought up to date while the page is open. */
const REFRESH_MS = 30_000;

export default function Forum() {
  const user = useStore($user);
  const [messages, setMessages] = useState<ForumMessage[] | null>(null);
  const [text, setText] = useState('');
  const [alert, setAlert] = useState('');
  const [posting, setPosting] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const list = useRef<HTMLDivElement>(null);

  async function reload(): Promise<void> {
    try {
      setMessages(await fetchMessages());
    } catch (error) {
      console.error('Failed to fetch messages.', error);
      setMessages((current) => current ?? []);
    }
  }

  useEffect(() => {
    void reload();
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // Show the newest message, at the bottom.
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  async function post(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim() || posting) return;
    const problem = postProblem(text);
    setAlert(problem ?? '');
    if (problem) return;
    setPosting(true);
    try {
      await postForumMessage(text);
      setText('');
      await reload();
    } catch (error) {
      console.error('Failed to post the message.', error);
    } finally {
      setPosting(false);
    }
  }

  async function remove(message: ForumMessage) {
    if (!isAuthor(message, user.username)) return setAlert(NO_PERMISSION);
    setAlert('');
    try {
      await deleteForumMessage(message._id);
      await reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setAlert(error.message);
      else console.error('Failed to delete the message.', error);
    }
  }

  return (
    <div className="forum">
      {alert && (
        <p className="forum-alert" role="alert">
          {alert}
        </p>
      )}
      <div ref={list} className="forum-messages" role="region" aria-label="Messages" tabIndex={0}>
        {messages === null && <p className="forum-note">Loading messages...</p>}
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
              <button type="button" className="button forum-delete" onClick={() => void remove(message)}>
                Delete<span className="visually-hidden"> your message</span>
              </button>
            )}
          </article>
        ))}
      </div>
      <form className="forum-post" onSubmit={(event) => void post(event)}>
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
          onChange={(event) => {
            setText(event.target.value);
            setAlert('');
          }}
        />
        <button type="submit" className="button button-primary" disabled={!text.trim() || posting}>
          Post
        </button>
      </form>
    </div>
  );
}
