// Pure forum rules: who may delete, how a message's age reads, what may be posted, which thread a
// reply joins, how reactions read, when a declined visitor may ask to join again (mentions are
// src/lib/mentions.ts, shared with the markdown renderer). The rules that need the store's
// atomicity (order of arrival, delete own, posts per day, replies, reactions, retention, asking
// to join) are enforced, and written, in scripts.server.ts.
import { mentionParts } from '../../lib/mentions.ts';
import { timeAgo } from '../../lib/relative-time.ts';
import {
  ASK_AGAIN_AFTER_DAYS,
  EDIT_WINDOW_MINUTES,
  MAX_MESSAGE_LENGTH,
  MENTIONS_TOLD,
  REACTIONS,
  TOO_LONG,
  type ForumMessage,
  type MessageReactions,
  type OwnJoinRequest,
  type ReactionId,
} from './schema.ts';

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
// (An @ matters only inside an address, me@example.com: a mention, @ada, reads as typed.)
const MARKDOWN_SYNTAX = /[*_`#>|~[\]<&\\]|https?:|www\.|[\w.+-]@|^\s*([-+]|\d+[.)])\s|^\s*(=+|-+)\s*$/m;

/** A mention's name (src/lib/mentions.ts), which markdown reads as written: its _ is inside a word. */
const MENTION_NAME = /(^|[^\w.+@-])@[A-Za-z0-9_.-]+/g;

/** Answers whether the text has anything markdown would render differently from the text as typed. */
export function hasMarkdown(text: string): boolean {
  return MARKDOWN_SYNTAX.test(text.replace(MENTION_NAME, '$1@'));
}

/** Says why a post cannot be sent, or undefined when it can (blank posts are simply not sent). */
export function postProblem(text: string): string | undefined {
  return text.trim().length > MAX_MESSAGE_LENGTH ? TOO_LONG : undefined;
}

/** Words a message's age, e.g. 'Posted 3 minutes ago' (src/lib/relative-time.ts). */
export function postedAgo(createdAt: string, now: number = Date.now()): string {
  return `Posted ${timeAgo(createdAt, now)}`;
}

// ----- Replies -----

/** The thread a reply to `message` joins: its own, or its top-level message's when it is a reply (one level deep). */
export function threadOf(message: Pick<ForumMessage, '_id' | 'replyTo'>): string {
  return message.replyTo ?? message._id;
}

/** How a thread's replies read in a count: '1 reply', '4 replies'. */
export function repliesCount(count: number): string {
  return `${count} ${count === 1 ? 'reply' : 'replies'}`;
}

// ----- Reactions -----

/** A reaction's name, as a screen reader says it ('thumbs up'). */
export function reactionName(id: ReactionId): string {
  return REACTIONS.find((reaction) => reaction.id === id)?.name ?? id;
}

/** A reaction button's name: the reaction and its count ('thumbs up, 2 reactions'). */
export function reactionLabel(id: ReactionId, count: number): string {
  return `${reactionName(id)}, ${count} ${count === 1 ? 'reaction' : 'reactions'}`;
}

/** What the page says once a reaction is given or taken back. */
export function reactionAnnouncement(id: ReactionId, on: boolean): string {
  return on ? `You reacted with ${reactionName(id)}.` : `You took back your ${reactionName(id)}.`;
}

/** Whether the reader gave the reaction. */
export function hasReacted(message: MessageReactions, id: ReactionId): boolean {
  return message.reacted?.includes(id) ?? false;
}

/** A reaction's count on a message (0 when nobody gave it). */
export function reactionCount(message: MessageReactions, id: ReactionId): number {
  return message.reactions?.[id] ?? 0;
}

/**
 * The message's reactions once the reader gives (`on`) or takes back a reaction, as the server
 * will count it: unchanged when the reader's already is (or is not) there. Keeps the API's shape:
 * no empty fields.
 */
export function withReaction<M extends MessageReactions>(message: M, id: ReactionId, on: boolean): M {
  if (hasReacted(message, id) === on) return message;
  const { reactions: _reactions, reacted: _reacted, ...rest } = message;
  const count = Math.max(0, reactionCount(message, id) + (on ? 1 : -1));
  const reactions = { ...message.reactions, [id]: count };
  if (count === 0) delete reactions[id];
  const reacted = on ? [...(message.reacted ?? []), id] : (message.reacted ?? []).filter((given) => given !== id);
  return {
    ...rest,
    ...(Object.keys(reactions).length ? { reactions } : {}),
    ...(reacted.length ? { reacted } : {}),
  } as M;
}

// ----- Asking to join -----

const DAY_MS = 24 * 60 * 60 * 1000;

/** From when a visitor declined at `decidedAt` (ISO 8601) may ask again (ISO 8601). */
export function askAgainFrom(decidedAt: string): string {
  return new Date(Date.parse(decidedAt) + ASK_AGAIN_AFTER_DAYS * DAY_MS).toISOString();
}

/** Whether a visitor with this request (or none) may ask to join at `now`: none waiting, none declined too recently. */
export function mayAsk(request: Pick<OwnJoinRequest, 'status' | 'decidedAt'> | null, now = Date.now()): boolean {
  if (!request || request.status === 'approved') return true;
  if (request.status === 'pending') return false;
  return !request.decidedAt || now >= Date.parse(askAgainFrom(request.decidedAt));
}

/** A day as the request notices say it ('Tuesday 1 December'), in the reader's time zone. */
export function dayOf(iso: string): string {
  const day = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) => day.toLocaleDateString('en-GB', options);
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric' })} ${part({ month: 'long' })}`;
}

/**
 * The members a text mentions (src/lib/mentions.ts), by username key, each once, the first
 * MENTIONS_TOLD; a name in markdown code (fenced or inline) is no mention, as the page marks none there.
 */
export function mentionedNames(text: string): string[] {
  const outsideCode = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1|(?![\s\S]))/gm, ' ').replace(/`[^`\n]*`/g, ' ');
  const names = mentionParts(outsideCode).flatMap(({ mention }) => (mention ? [mention.toLowerCase()] : []));
  return [...new Set(names)].slice(0, MENTIONS_TOLD);
}

/** How long a notification's excerpt of its message runs (characters). */
export const EXCERPT_LENGTH = 140;

/** The start of a message as a notification quotes it: on one line, cut at a word with an ellipsis. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= EXCERPT_LENGTH) return line;
  const cut = line.slice(0, EXCERPT_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
