// The contact message: its request schema (shared by the form's limits and the function) and
// the answer the form reads.
import * as v from 'valibot';
import { isValidEmail } from '../../lib/email.ts';

/** A subject is one line; this is far beyond any real one and keeps mail subjects sane. */
export const MAX_SUBJECT_LENGTH = 200;
/** About two pages of text: plenty for a first message, small enough to store and mail. */
export const MAX_TEXT_LENGTH = 5000;

export const MISSING_EMAIL = 'Please enter your email address.';
export const INVALID_EMAIL = 'Invalid Email';
export const NOTHING_TO_SEND = 'Please write a subject or a message.';

const text = (max: number, label: string) =>
  v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`));

export const contactRequest = v.pipe(
  v.object({
    senderEmail: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.nonEmpty(MISSING_EMAIL),
      v.check(isValidEmail, INVALID_EMAIL),
    ),
    emailSubject: text(MAX_SUBJECT_LENGTH, 'The subject'),
    emailText: text(MAX_TEXT_LENGTH, 'The message'),
  }),
  v.check((message) => message.emailSubject !== '' || message.emailText !== '', NOTHING_TO_SEND),
);

export type ContactRequest = v.InferOutput<typeof contactRequest>;

export interface ContactResponse {
  status: 'Success';
}

/** How many messages one page of the owner's inbox holds. */
export const MESSAGES_PAGE_SIZE = 10;

/** A kept message as the owner's inbox shows it, with how its mail to the owner went. */
export interface InboxMessage extends ContactRequest {
  id: string;
  createdAt: string;
  delivery: 'sending' | 'delivered' | 'undelivered' | 'not-sent';
  /** Resend's id for a delivered mail, or why it was not delivered. */
  deliveryNote: string;
  read: boolean;
}

/** The answer of GET /api/contact/messages: a page of messages, newest first, and how many are unread. */
export interface MessagesResponse {
  status: 'Success';
  messages: InboxMessage[];
  nextCursor: string | null;
  unread: number;
}

/** POST /api/contact/messages/read: a message read or unread again. */
export const markMessageRequest = v.object({
  id: v.pipe(v.string('id is missing.'), v.uuid('id is not a message id.')),
  read: v.boolean('read must be true or false.'),
});

/** The answer of POST /api/contact/messages/read: how many are unread now. */
export interface MarkMessageResponse {
  status: 'Success';
  unread: number;
}
