// The dashboard's Notifications card (members who can read the forum): replies in threads they
// started and mentions of their name, newest first, each with who, when, the start of the message
// and a link to it in the forum, those new since the member last looked marked in words; and the
// box that asks for them by mail, in a daily digest.
import { useStore } from '@nanostores/react';
import { Choice } from '../../../components/Field.tsx';
import { describeNotification } from '../logic.ts';
import { $account, $emailVerified, $notifications, loadNotifications, setDigestMail } from '../store.ts';

/** The daily digest's box: usable once the account's address is verified, the only address it goes to. */
function DigestChoice() {
  const { status, digest, digestSaid } = useStore($notifications);
  const verified = useStore($emailVerified);
  const { email } = useStore($account);
  return (
    <div className="digest-choice">
      <Choice
        type="checkbox"
        id="notifications-digest"
        label="Mail me a daily digest of new notifications"
        checked={digest}
        disabled={status !== 'ready' || (!digest && verified !== true)}
        aria-describedby="notifications-digest-note"
        onChange={(event) => void setDigestMail(event.target.checked)}
      />
      <p id="notifications-digest-note" className="note">
        {verified === false || !email
          ? `The digest goes only to a verified address: ${email ? 'verify yours' : 'add one'} under Your Account.`
          : 'At most one mail a day, to your verified address, with what you have not seen here.'}
      </p>
      <p role="status">{digestSaid}</p>
    </div>
  );
}

export default function NotificationsCard() {
  const { status, notifications } = useStore($notifications);
  return (
    <section className="card" aria-labelledby="notifications-title" aria-busy={status === 'loading'}>
      <h2 id="notifications-title">Notifications</h2>
      <DigestChoice />
      {status === 'loading' && <p>Loading your notifications...</p>}
      {status === 'failed' && (
        <div role="alert">
          <p>Your notifications could not be loaded right now.</p>
          <button type="button" className="button" onClick={() => void loadNotifications()}>
            Try again
          </button>
        </div>
      )}
      {status === 'ready' && notifications.length === 0 && (
        <p>
          Nothing yet. When someone replies to your message in the <a href="/forum">forum</a> or mentions you by @name,
          it shows here.
        </p>
      )}
      {notifications.length > 0 && (
        <ol className="inbox-items" aria-label="Notifications, newest first">
          {notifications.map((note) => (
            <li key={note.id} className={note.unseen ? 'inbox-item unread' : 'inbox-item'}>
              <p>
                {note.unseen && <strong className="inbox-mark">New</strong>} {describeNotification(note)},{' '}
                <time dateTime={new Date(note.at).toISOString()}>
                  {new Date(note.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </p>
              <blockquote className="inbox-text">{note.excerpt}</blockquote>
              <a href={`/forum#message-${note.thread}`}>
                Open in the forum<span className="visually-hidden">: {describeNotification(note)}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
