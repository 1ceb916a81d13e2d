// Pure rules of the contact form and the mail it sends, shared by the page and the function.
// The rules that need the store's atomicity (the sender's rate limit, the daily caps on messages
// and on contact mail, retention) are written where they run: scripts.server.ts.
import { isValidEmail } from '../../lib/email.ts';
import type { ContactRequest } from './schema.ts';

/**
 * How long a contact message is kept: a year, long enough for the owner to read and answer it,
 * after which the sender's address and words are removed from the store.
 */
export const MESSAGE_RETENTION_DAYS = 365;

/**
 * The most contact messages kept, newest first: far more than a personal site receives in a year,
 * and it bounds the store (about 50 MB at the longest messages) whatever a script sends.
 */
export const MAX_KEPT_MESSAGES = 10_000;

export interface ContactFields {
  email: string;
  subject: string;
  message: string;
}

/** What the form shows: whether the email is marked invalid, and whether Submit is enabled. */
export function contactFormState(
  fields: ContactFields,
  loading: boolean,
): { emailInvalid: boolean; canSubmit: boolean } {
  const email = fields.email.trim();
  // While typing, an empty address is not an error yet; it only keeps Submit disabled.
  const emailInvalid = email !== '' && !isValidEmail(email);
  const hasContent = fields.subject.trim() !== '' || fields.message.trim() !== '';
  return { emailInvalid, canSubmit: !loading && email !== '' && !emailInvalid && hasContent };
}

/** Composes the mail that tells the owner about a message; replies go straight to the sender. */
export function ownerNotification(
  message: ContactRequest & { createdAt: string },
  siteName: string,
): { subject: string; text: string; replyTo: string } {
  // Subjects are one line: a pasted line break would otherwise be folded by mail clients.
  const subject = message.emailSubject.replace(/\s+/g, ' ') || '(no subject)';
  return {
    subject: `${siteName} contact: ${subject}`,
    replyTo: message.senderEmail,
    text: [
      `From: ${message.senderEmail}`,
      `Sent: ${message.createdAt}`,
      `Subject: ${subject}`,
      '',
      message.emailText || '(no message)',
      '',
      '-- ',
      `Sent with the contact form of ${siteName}. Reply to this mail to answer the sender.`,
    ].join('\n'),
  };
}
