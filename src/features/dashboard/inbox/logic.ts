// The owner's inbox in words: what is new, how each mail went, and an RSVP answer as lines.
import type { InboxMessage } from '../../contact/schema.ts';
import type { OrderState } from '../../shop/schema.ts';
import type { InboxRsvp } from '../../wedding/schema.ts';

/** How many RSVP answers one page of the inbox shows (the server sends them all: one per household). */
export const RSVPS_PAGE_SIZE = 10;

/** An order's states as the owner's control names them. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = { new: 'New', ready: 'Ready', collected: 'Collected' };

const MAIL_TO_OWNER: Record<InboxMessage['delivery'], string> = {
  sending: 'Mail to you: being sent',
  delivered: 'Mail to you: sent',
  undelivered: 'Mail to you: could not be delivered',
  'not-sent': 'Mail to you: not sent (the daily mail limit was reached)',
};

/** Says how a message's mail to the owner went. */
export function describeMessageMail(message: Pick<InboxMessage, 'delivery'>): string {
  return MAIL_TO_OWNER[message.delivery] ?? MAIL_TO_OWNER.sending;
}

/** Says how an RSVP answer's confirmation mail went. */
export function describeRsvpMail(mail: string): string {
  switch (mail) {
    case '':
      return 'No confirmation mail: no address was given.';
    case 'delivered':
      return 'Confirmation mail: sent';
    case 'undelivered':
      return 'Confirmation mail: could not be delivered';
    case 'not-sent':
      return 'Confirmation mail: not sent';
    default:
      return 'Confirmation mail: being sent';
  }
}

type PersonAnswer = InboxRsvp['answer']['one'];

const WORD = { yes: 'yes', no: 'no', '': 'no answer' } as const;

/** One guest's answer in a line: 'Ada Lovelace: wedding yes (Chicken), rehearsal dinner no; no shellfish'. */
function personLine(name: string, person: PersonAnswer): string {
  const meal = person.wedding === 'yes' && person.food ? ` (${person.food})` : '';
  const dietary = person.dietary.trim() ? `; ${person.dietary.trim()}` : '';
  return `${name}: wedding ${WORD[person.wedding]}${meal}, rehearsal dinner ${WORD[person.rehearsal]}${dietary}`;
}

/** A household's answer as lines, one per guest. */
export function describeRsvp(rsvp: Pick<InboxRsvp, 'guestOne' | 'answer'>): string[] {
  const { one, two } = rsvp.answer;
  return [personLine(rsvp.guestOne, one), ...(two ? [personLine(two.name || 'Guest two', two)] : [])];
}

/** Whether a record from `time` (ISO 8601) came after what the owner had seen (ms). */
export const isNew = (time: string, seenUntil: number): boolean => Date.parse(time) > seenUntil;

/** The inbox button's count in words, '' when nothing is new: ' · 3 new'. */
export function inboxCountText(count: number): string {
  return count > 0 ? ` · ${count} new` : '';
}
