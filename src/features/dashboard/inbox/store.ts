// The owner's inbox (clearance 3): contact messages read and unread, everyone's orders with the
// state the owner moves them through, the RSVP page's answers, each a page at a time, newest
// first; and how many are new, for the side menu's button. Orders and answers are new until the
// owner opens the inbox (then seen up to the newest shown); a message is unread until marked read.
import { atom, computed } from 'nanostores';
import { features } from '../../../content/site.config.ts';
import { ApiError } from '../../../platform/api-client.ts';
import { pagedList } from '../../../platform/paged-list.ts';
import type { InboxMessage } from '../../contact/schema.ts';
import type { OrderState, OwnerOrder } from '../../shop/schema.ts';
import type { InboxRsvp } from '../../wedding/schema.ts';
import { $joinRequests, leftEndedSession } from '../store.ts';
import { fetchAllOrders, fetchMessages, fetchRsvps, markMessage, markSeen, setOrderState } from './api-client.ts';
import { RSVPS_PAGE_SIZE } from './logic.ts';

/** How many messages are unread, as the server last said. */
export const $unreadMessages = atom(0);

export const messages = pagedList<InboxMessage>(async (before) => {
  const page = await fetchMessages(before);
  $unreadMessages.set(page.unread);
  return { items: page.messages, nextCursor: page.nextCursor };
}, leftEndedSession);

/** What the owner had seen of a list when it loaded (ms), and how many have come since and are not seen yet. */
export interface Seen {
  seenUntil: number;
  unseen: number;
}

export const $ordersSeen = atom<Seen>({ seenUntil: 0, unseen: 0 });

export const orders = pagedList<OwnerOrder>(async (before) => {
  const page = await fetchAllOrders(before);
  if (!before) $ordersSeen.set({ seenUntil: page.seenUntil, unseen: page.unseen });
  return { items: page.orders, nextCursor: page.nextCursor };
}, leftEndedSession);

export const $rsvpsSeen = atom<Seen>({ seenUntil: 0, unseen: 0 });

// The server sends every answer at once (one per household); the inbox shows them a page at a time.
let allRsvps: InboxRsvp[] = [];
export const rsvps = pagedList<InboxRsvp>(async (before) => {
  if (!before) {
    const all = await fetchRsvps();
    allRsvps = all.answers;
    $rsvpsSeen.set({ seenUntil: all.seenUntil, unseen: all.unseen });
  }
  const from = Number(before ?? 0);
  const to = from + RSVPS_PAGE_SIZE;
  return { items: allRsvps.slice(from, to), nextCursor: to < allRsvps.length ? String(to) : null };
}, leftEndedSession);

/**
 * How many things in the inbox are new: unread messages, orders and RSVP answers the owner has not
 * seen, and requests to join the forum waiting. Showing it loads each list's first page.
 */
export const $inboxCount = computed(
  [
    messages.$list,
    $unreadMessages,
    ...(features.shop ? [orders.$list, $ordersSeen] : []),
    ...(features.wedding ? [rsvps.$list, $rsvpsSeen] : []),
    ...(features.forum ? [$joinRequests] : []),
  ],
  () =>
    $unreadMessages.get() +
    (features.shop ? $ordersSeen.get().unseen : 0) +
    (features.wedding ? $rsvpsSeen.get().unseen : 0) +
    (features.forum ? $joinRequests.get().requests.length : 0),
);

/** What the last action in the inbox came to, or why it failed ('' before any). */
export const $inboxSaid = atom('');

function failure(error: unknown, what: string): void {
  if (leftEndedSession(error)) return;
  const why = error instanceof ApiError ? error.message : 'Please check your connection and try again.';
  $inboxSaid.set(`${what} ${why}`);
}

/** Marks a message read or unread, where it is shown and on the server. */
export async function setMessageRead(message: InboxMessage, read: boolean): Promise<void> {
  try {
    const { unread } = await markMessage(message.id, read);
    messages.update(
      (shown) => shown.id === message.id,
      (shown) => ({ ...shown, read }),
    );
    $unreadMessages.set(unread);
    $inboxSaid.set(`Message from ${message.senderEmail} marked ${read ? 'read' : 'unread'}.`);
  } catch (error) {
    failure(error, `Could not mark the message from ${message.senderEmail}.`);
  }
}

/** Moves an order to a state: shown at once, put back if the server refuses. */
export async function moveOrder(order: OwnerOrder, state: OrderState): Promise<void> {
  const ofThis = (shown: OwnerOrder) => shown.id === order.id;
  orders.update(ofThis, (shown) => ({ ...shown, state }));
  try {
    await setOrderState(order.id, state);
    $inboxSaid.set(`${order.username}'s order is now ${state}.`);
  } catch (error) {
    orders.update(ofThis, (shown) => ({ ...shown, state: order.state }));
    failure(error, `Could not change ${order.username}'s order.`);
  }
}

/**
 * The owner has opened the inbox: the orders or answers shown are seen up to the newest (no longer
 * counted), while this view still marks those that were new.
 */
export function markShownSeen(what: 'orders' | 'rsvps'): void {
  const newest = what === 'orders' ? orders.$list.get().items[0]?.createdAt : rsvps.$list.get().items[0]?.changedAt;
  const $seen = what === 'orders' ? $ordersSeen : $rsvpsSeen;
  const upTo = newest ? Date.parse(newest) : 0;
  if ($seen.get().unseen === 0 || upTo <= $seen.get().seenUntil) return;
  $seen.set({ ...$seen.get(), unseen: 0 });
  markSeen(what, upTo).catch((error: unknown) => failure(error, `Could not mark the ${what} seen.`));
}
