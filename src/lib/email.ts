// Email address checks shared by every form that takes one (register, contact, shop order) and
// by the functions behind them, so the browser and the server accept the same addresses.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** Answers whether an email address looks deliverable (what the forms accept). */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * How a request to confirm an address went (src/server/mail.ts askToConfirm): the link was mailed,
 * or it was already mailed today, or its holder asked for no mail, or today's requests are used up,
 * or the mail failed.
 */
export type AskOutcome = 'sent' | 'asked-today' | 'unsubscribed' | 'cap' | 'not-sent';

/** What a visitor who gave `address` is told when the site asked its holder to confirm it first. */
export function askedText(address: string, outcome: AskOutcome): string {
  switch (outcome) {
    case 'sent':
    case 'asked-today':
      return `We have mailed ${address} a link. Confirm your address there, then save it here again.`;
    case 'unsubscribed':
      return `${address} asked for no mail from this site. Its holder can subscribe again from the link in any earlier mail.`;
    default:
      return `We could not mail ${address} a link to confirm it today. Please try again tomorrow.`;
  }
}
