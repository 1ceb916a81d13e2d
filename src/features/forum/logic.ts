// Pure forum rules: who may delete, how a message's age reads, what may be posted.
// Rules that need the store's atomicity live in Redis scripts (src/server/scripts/forum.ts):
// - order of arrival: each message takes the next place of a sequence the store counts;
// - delete own: the server deletes a message only for its author's account (or a moderator, or the
//   admin CLI), checking the stored author in the same step;
// - posts per day: a message is appended only while its author's day's counter is below
//   POSTS_PER_DAY (service.server.ts), counted in the same step;
// - retention: each post removes a batch of the oldest messages created more than
//   POST_RETENTION_DAYS before (src/server/retention.ts), and a page lists none of them.
import { EDIT_WINDOW_MINUTES, MAX_MESSAGE_LENGTH, TOO_LONG, type ForumMessage } from './schema.ts';

/** How long a forum message is kept: a year of talk, after which it is removed with its author's name. */
export const POST_RETENTION_DAYS = 365;

export const UNKNOWN_USER = 'Unknown User';

/** Names a message's author ('Unknown User' when missing). */
export function authorOf(message: ForumMessage): string {
  return message.user?.username || UNKNOWN_USER;
}

/**
 * Answers whether the message is the reader's own, as the server marks it (`own`): posted by the
 * reader's account, not just under the reader's name, which an earlier, deleted account may have had.
 */
export function isOwn(message: ForumMessage): boolean {
  return message.own === true;
}

/**
 * Answers whether a message posted at `createdAt` (ISO 8601) may still be edited at `now`: for
 * EDIT_WINDOW_MINUTES after posting, not at their end. The page (canEdit) and the server ask alike.
 */
export function withinEditWindow(createdAt: string, now: number): boolean {
  return now - Date.parse(createdAt) < EDIT_WINDOW_MINUTES * 60_000;
}

/** Answers whether the reader may still edit the message: their own, within its edit window. */
export function canEdit(message: ForumMessage, now: number = Date.now()): boolean {
  return isOwn(message) && withinEditWindow(message.createdAt, now);
}

// What could make markdown render a text otherwise than as typed: emphasis, code, headings, quotes,
// tables, links and autolinks (addresses, www., e-mail), HTML and entities, escapes, list markers
// and setext underlines at a line's start.
const MARKDOWN_SYNTAX = /[*_`#>|~[\]<&\\]|https?:|www\.|@|^\s*([-+]|\d+[.)])\s|^\s*(=+|-+)\s*$/m;

/** Answers whether the text has anything markdown would render differently from the text as typed. */
export function hasMarkdown(text: string): boolean {
  return MARKDOWN_SYNTAX.test(text);
}

/** Says why a post cannot be sent, or undefined when it can (blank posts are simply not sent). */
export function postProblem(text: string): string | undefined {
  return text.trim().length > MAX_MESSAGE_LENGTH ? TOO_LONG : undefined;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** Words a message's age, e.g. 'Posted 3 minutes ago' (Intl.RelativeTimeFormat). */
export function postedAgo(createdAt: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(createdAt) - now) / 1000);
  if (Math.abs(seconds) < 10) return 'Posted just now';
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return `Posted ${format.format(Math.round(seconds / size), unit)}`;
}
