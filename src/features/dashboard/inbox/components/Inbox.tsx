// The owner's inbox card: messages, orders and RSVP answers, each a page at a time, newest first,
// and the forum's requests to join; new ones are marked in words. Opening it marks the orders and
// answers shown as seen; a message stays unread until the owner marks it read.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import Field from '../../../../components/Field.tsx';
import { features } from '../../../../content/site.config.ts';
import type { pagedList } from '../../../../platform/paged-list.ts';
import type { OrderState } from '../../../shop/schema.ts';
import { JoinRequestsList } from '../../components/JoinRequests.tsx';
import OrderDetails from '../../components/OrderDetails.tsx';
import {
  describeMessageMail,
  describeRsvp,
  describeRsvpMail,
  inboxCountText,
  isNew,
  ORDER_STATE_LABELS,
} from '../logic.ts';
import {
  $inboxCount,
  $inboxSaid,
  $ordersSeen,
  $rsvpsSeen,
  $unreadMessages,
  markShownSeen,
  messages,
  moveOrder,
  orders,
  rsvps,
  setMessageRead,
} from '../store.ts';

/** When something came, in the reader's own locale and time zone. */
function When({ time }: { time: string }) {
  return (
    <time dateTime={time}>{new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
  );
}

/** The count in the side menu's Inbox button: how many things are new. */
export function InboxCount() {
  const count = useStore($inboxCount);
  return <span className="menu-count">{inboxCountText(count)}</span>;
}

/** Each list's words: its heading, and what it says when empty, while loading and for its next page. */
const LISTS = {
  messages: {
    title: 'Messages',
    empty: 'No messages yet.',
    loading: 'Loading messages...',
    older: 'Show older messages',
  },
  orders: { title: 'Orders', empty: 'No orders yet.', loading: 'Loading orders...', older: 'Show older orders' },
  rsvps: {
    title: 'RSVPs',
    empty: 'No answers on the RSVP page yet.',
    loading: 'Loading answers...',
    older: 'Show older answers',
  },
};

/**
 * One of the inbox's lists: its heading, its state while loading or failed, its items and its next
 * page. The orders and answers it shows are seen once it has them (this view keeps their marks).
 */
function InboxList<T>({
  what,
  count,
  source,
  children,
}: {
  what: keyof typeof LISTS;
  count: string;
  source: Pick<ReturnType<typeof pagedList<T>>, '$list' | 'load' | 'loadMore'>;
  children: (item: T) => ReactNode;
}) {
  const list = useStore(source.$list);
  const { title, empty, loading, older } = LISTS[what];
  useEffect(() => {
    if (what !== 'messages') markShownSeen(what);
  }, [what, list.status]);
  return (
    <section className="inbox-list" aria-labelledby={`inbox-${what}-title`} aria-busy={list.status === 'loading'}>
      <h3 id={`inbox-${what}-title`}>
        {title}
        <span className="menu-count">{count}</span>
      </h3>
      {list.status === 'loading' && <p>{loading}</p>}
      {list.status === 'failed' && (
        <div role="alert">
          <p>These could not be loaded right now.</p>
          <button type="button" className="button" onClick={() => void source.load()}>
            Try again
          </button>
        </div>
      )}
      {list.status === 'ready' && list.items.length === 0 && <p>{empty}</p>}
      {list.items.length > 0 && <ol className="inbox-items">{list.items.map(children)}</ol>}
      {list.next && (
        <button
          type="button"
          className="button"
          aria-disabled={list.more === 'loading'}
          onClick={() => void source.loadMore()}
        >
          {list.more === 'loading' ? loading : older}
        </button>
      )}
      {list.more === 'failed' && <p role="alert">Older ones could not be loaded. Please try again.</p>}
    </section>
  );
}

/** A mark in words (not only colour) on what is new or unread. */
const Mark = ({ children }: { children: string }) => <strong className="inbox-mark">{children}</strong>;

/** The contact messages, unread until the owner marks them read. */
function Messages() {
  const unread = useStore($unreadMessages);
  return (
    <InboxList what="messages" count={unread > 0 ? ` · ${unread} unread` : ''} source={messages}>
      {(message) => (
        <li key={message.id} className={message.read ? 'inbox-item' : 'inbox-item unread'}>
          <p>
            {!message.read && <Mark>Unread</Mark>} <When time={message.createdAt} />, from{' '}
            <a href={`mailto:${message.senderEmail}`}>{message.senderEmail}</a>
          </p>
          <h4>{message.emailSubject || '(no subject)'}</h4>
          {message.emailText && <p className="inbox-text">{message.emailText}</p>}
          <p className="note">{describeMessageMail(message)}</p>
          <button type="button" className="button" onClick={() => void setMessageRead(message, !message.read)}>
            {message.read ? 'Mark as unread' : 'Mark as read'}
          </button>
        </li>
      )}
    </InboxList>
  );
}

/** Everyone's orders, each with the state the owner moves it to. */
function Orders() {
  const seen = useStore($ordersSeen);
  return (
    <InboxList what="orders" count={inboxCountText(seen.unseen)} source={orders}>
      {(order) => (
        <li key={order.id} className="inbox-item">
          <p>
            {isNew(order.createdAt, seen.seenUntil) && <Mark>New</Mark>} <When time={order.createdAt} />,{' '}
            {order.username}
            {/* An order keeps the address its confirmation went to; one placed without any has none. */}
            {order.email && (
              <>
                {' '}
                (<a href={`mailto:${order.email}`}>{order.email}</a>)
              </>
            )}
          </p>
          <OrderDetails order={order} />
          <Field
            as="select"
            id={`order-state-${order.id}`}
            label={`State of ${order.username}'s order`}
            value={order.state}
            onChange={(event) => void moveOrder(order, event.currentTarget.value as OrderState)}
          >
            {Object.entries(ORDER_STATE_LABELS).map(([state, label]) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </Field>
        </li>
      )}
    </InboxList>
  );
}

/** The RSVP page's answers, the latest change first. */
function Rsvps() {
  const seen = useStore($rsvpsSeen);
  return (
    <InboxList what="rsvps" count={inboxCountText(seen.unseen)} source={rsvps}>
      {(rsvp) => (
        <li key={`${rsvp.guestOne} ${rsvp.changedAt}`} className="inbox-item">
          <p>
            {isNew(rsvp.changedAt, seen.seenUntil) && <Mark>New</Mark>} <When time={rsvp.changedAt} />, {rsvp.guestOne}
          </p>
          <ul aria-label="Answers">
            {describeRsvp(rsvp).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="note">{describeRsvpMail(rsvp.mail)}</p>
        </li>
      )}
    </InboxList>
  );
}

/** The inbox card: each list of a part that is switched on. */
export default function Inbox() {
  const said = useStore($inboxSaid);

  return (
    <section className="card inbox" aria-labelledby="inbox-title">
      <h2 id="inbox-title">Inbox</h2>
      <p className="note" role="status">
        {said}
      </p>
      <Messages />
      {features.shop && <Orders />}
      {features.wedding && <Rsvps />}
      {features.forum && <JoinRequestsList />}
    </section>
  );
}
