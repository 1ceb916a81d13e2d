// Email address checks shared by every form that takes one (register, contact, shop order) and
// by the functions behind them, so the browser and the server accept the same addresses.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** Answers whether an email address looks deliverable (what the forms accept). */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}
