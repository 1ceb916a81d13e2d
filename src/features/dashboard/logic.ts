// Pure dashboard rules: how scores and account fields read.
// One rule lives in a Redis script (src/server/scripts/dashboard.ts): a game's best score is the
// fewest rounds ever won in, kept atomically when a new round count arrives.
import type { OrderLine, OrderMailState } from '../../lib/orders.ts';
import { NEVER_WON } from '../../lib/scores.ts';

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
};

/** Says where an order's confirmation mail stands. */
export function describeOrderMail(state: OrderMailState): string {
  return MAIL_STATES[state];
}

/** Describes an order line, e.g. '3 × Hot Pickles, Quart'. */
export function describeOrderLine(line: OrderLine): string {
  return `${line.quantity} × ${line.type} ${line.item}, ${line.size}`;
}
