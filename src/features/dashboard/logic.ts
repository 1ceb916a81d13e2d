// Pure dashboard rules: how scores, statistics, orders and account fields read. The scores are
// the word game's and the orders the shop's: the dashboard knows them by their types only
// (`import type` from their schemas), so what it needs of their values is written here, held to
// those types (and checked against the word game's own functions in logic.test.ts).
import { type AskOutcome, askedText } from '../../lib/email.ts';
import type { ForumNotification, NotificationKind, OwnJoinRequest } from '../forum/schema.ts';
import { SHOP_PICKUP } from '../../content/shop/pickup.ts';
import { SHOP_PRICES } from '../../content/shop/prices.ts';
import { formatMoney } from '../../lib/money.ts';
import { dateInWords } from '../../lib/utc-day.ts';
import type { OrderLine, OrderMailState } from '../shop/schema.ts';
import type { GameMode, NeverWon, Stats } from '../word-game/schema.ts';

/** The best score that means the word game was never won: the word game's NEVER_WON, by its type. */
export const NEVER_WON: NeverWon = 7;

/** The word game's modes as the statistics table names them (every mode, by the type). */
const GAME_MODE_NAMES: Record<GameMode, string> = { daily: 'Daily', practice: 'Practice' };
/** The statistics table's rows: each mode with its name, in the word game's order. */
export const GAME_MODE_ROWS = Object.entries(GAME_MODE_NAMES) as [GameMode, string][];

/** Wins as a whole percentage of games played (0 before any), as the word game shows it. */
export function winPercent({ played, distribution }: Stats): number {
  const wins = distribution.reduce((sum, count) => sum + count, 0);
  return played === 0 ? 0 : Math.round((100 * wins) / played);
}

/** The current streak as shown on `today` (a UTC day number): a Daily streak is over once a day was missed. */
export function shownStreak(stats: Stats, mode: GameMode, today: number): number {
  return mode === 'daily' && stats.lastDay < today - 1 ? 0 : stats.currentStreak;
}

/** Phrases a word-game best score for the dashboard (SPEC section 9's wording). */
export function describeWordGameBest(bestScore: number): string {
  if (bestScore >= NEVER_WON) return 'You have not won a game yet.';
  return `Your best score is ${bestScore} turn${bestScore === 1 ? '' : 's'}.`;
}

/** Shows an optional account field, or the spec's placeholder when it is empty. */
export function orPlaceholder(value: string, placeholder = 'N/A'): string {
  return value.trim() ? value : placeholder;
}

const MAIL_STATES: Record<OrderMailState, string> = {
  sending: 'Confirmation mail: being sent',
  delivered: 'Confirmation mail: sent',
  undelivered: 'Confirmation mail: could not be delivered',
  'not-sent': 'Confirmation mail: not sent (the daily mail limit was reached)',
  unconfirmed: 'Confirmation mail: not sent (the address is not confirmed)',
};

/** Says where an order's confirmation mail stands. */
export function describeOrderMail(state: OrderMailState): string {
  return MAIL_STATES[state];
}

/** An order's amount in cents in the shop's currency (src/content/shop/prices.ts): '$37.50'. */
export const formatPrice = (cents: number): string => formatMoney(cents, SHOP_PRICES.currency);

/**
 * An order's pickup day ('YYYY-MM-DD', the farm's date) as the shop says it, with the farm's
 * hours: 'Saturday, December 5, 9:00 to 13:00'.
 */
export const describePickupDay = (day: string): string => `${dateInWords(day)}, ${SHOP_PICKUP.hours}`;

/** Describes an order line, e.g. '3 × Hot Pickles, Quart: $37.50' (the price only when it had one). */
export function describeOrderLine(line: OrderLine): string {
  const price = line.unitPrice === undefined ? '' : `: ${formatPrice(line.unitPrice * line.quantity)}`;
  return `${line.quantity} × ${line.type} ${line.item}, ${line.size}${price}`;
}

/** A day as the dashboard says it ('Tuesday 1 December'), in the reader's time zone. */
export function dayOf(iso: string): string {
  const day = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) => day.toLocaleDateString('en-GB', options);
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric' })} ${part({ month: 'long' })}`;
}

/** What the user's own request to join the forum came to, in the dashboard's words (kindly, when declined). */
export function joinNoticeText(request: Pick<OwnJoinRequest, 'status' | 'askAgainFrom'>): string {
  switch (request.status) {
    case 'approved':
      return "You're in: the forum is in your menu.";
    case 'declined':
      return `The owner has not let you into the forum this time. Thank you for asking: you are welcome to ask again${
        request.askAgainFrom ? ` from ${dayOf(request.askAgainFrom)}` : ' later'
      }.`;
    case 'pending':
      return 'Your request to join the forum is waiting for the owner.';
  }
}

/** What the dashboard says after asking for the link that verifies the account's email at `address`. */
export function linkSentText(address: string, asked: AskOutcome): string {
  switch (asked) {
    case 'sent':
      return `We have mailed ${address} a link. Follow it to verify your email.`;
    case 'asked-today':
      return `We mailed ${address} a link today already. Follow it to verify your email, or ask again tomorrow.`;
    default:
      return askedText(address, asked);
  }
}

/** What the dashboard says after asking to change the account's email to `address`. */
export function emailChangeText(address: string, asked: AskOutcome): string {
  return asked === 'sent' || asked === 'asked-today'
    ? `We have mailed ${address} a link. Your email changes to it once you follow the link.`
    : askedText(address, asked);
}

const TOLD: Record<NotificationKind, string> = { reply: 'replied to your message', mention: 'mentioned you' };

/** What a forum notification tells: 'ada replied to your message', 'ada mentioned you'. */
export function describeNotification({ kind, from }: Pick<ForumNotification, 'kind' | 'from'>): string {
  return `${from} ${TOLD[kind]}`;
}
