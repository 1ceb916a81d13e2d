// Forum messages in Redis: one hash of messages as JSON by id, one of their authors' account keys
// (keys.ts accountKeyOf: a name registered again is not the author of the old account's posts), a sorted set
// of ids scored by a sequence number the store hands out (so the order is the order in which posts
// arrived, and a place is a stable cursor for paging), and a version every change raises. The
// scripts are in src/server/scripts/forum.ts.
import { dailyCounter } from '../../server/daily-cap.ts';
import { keys } from '../../server/keys.ts';
import { TRIM_BATCH, retention } from '../../server/retention.ts';
import * as scripts from '../../server/scripts/forum.ts';
import type { SessionCheck } from '../../server/session.ts';
import type { Pipeline } from '@upstash/redis';
import { POST_RETENTION_DAYS } from './logic.ts';

export interface StoredMessage {
  id: string;
  text: string;
  author: string;
  createdAt: string;
  /** When the author last edited it. */
  editedAt?: string;
}

/** A page of messages, newest first, each with its place and its author's account key; `more` when older ones remain. */
export interface MessagesPage {
  version: string;
  messages: { message: StoredMessage; place: number; authorKey: string }[];
  more: boolean;
}

/** The daily counter of one author's posts (src/server/daily-cap.ts). */
export const POSTS_COUNTER = 'forum-posts';

/** The creation time (ISO 8601) of the oldest message kept now: older ones are removed, and never listed. */
function keptSince(): string {
  return new Date(retention(POST_RETENTION_DAYS).cutoff).toISOString();
}

/**
 * Appends a message at the end of the forum as the account `authorKey`'s; answers false when its
 * author has posted `perDay` today. The same step removes a batch of the oldest
 * messages, those older than POST_RETENTION_DAYS.
 */
export async function appendMessage(message: StoredMessage, authorKey: string, perDay: number): Promise<boolean> {
  const [dayPosts, dayTtl] = dailyCounter(POSTS_COUNTER, authorKey);
  const place = await scripts.appendMessage.run(
    [keys.forumSequence(), keys.forumPosts(), keys.forumAuthors(), keys.forumMessages(), dayPosts, keys.forumVersion()],
    [message.id, JSON.stringify(message), authorKey, perDay, dayTtl, keptSince(), TRIM_BATCH],
  );
  return place > 0;
}

/**
 * Reads at most `count` messages placed before `before` (the newest when undefined), newest first,
 * for a member while their session is current; none older than POST_RETENTION_DAYS.
 */
export async function messagesPage(
  count: number,
  before: number | undefined,
  session: SessionCheck | undefined,
): Promise<MessagesPage> {
  const [version, more, ...rows] = await scripts.messagesPage.runChecked(
    session,
    [keys.forumMessages(), keys.forumPosts(), keys.forumVersion(), keys.forumAuthors()],
    [count, before === undefined ? '+inf' : `(${before}`, keptSince()],
  );
  const messages: MessagesPage['messages'] = [];
  for (let i = 0; i < rows.length; i += 3) {
    messages.push({
      message: JSON.parse(rows[i]!) as StoredMessage,
      place: Number(rows[i + 1]),
      authorKey: String(rows[i + 2]),
    });
  }
  return { version: String(version), messages, more: String(more) === '1' };
}

/** The forum's version, which every post, edit and delete raises. */
export async function forumVersion(session: SessionCheck | undefined): Promise<string> {
  return String(await scripts.forumVersion.runChecked(session, [keys.forumVersion()], []));
}

/** Adds the reads of a message's JSON and its author's account key to a pipeline (an edit checks both). */
export function readMessageInto(pipe: Pipeline<[]>, id: string): void {
  pipe.hget(keys.forumPosts(), id);
  pipe.hget(keys.forumAuthors(), id);
}

/** Replaces a message as read (its JSON `read`) with `message`; false when it changed or went meanwhile. */
export async function replaceMessage(read: string, message: StoredMessage): Promise<boolean> {
  const replaced = await scripts.replaceMessage.run(
    [keys.forumPosts(), keys.forumVersion()],
    [message.id, read, JSON.stringify(message)],
  );
  return replaced === 1;
}

/** Deletes a message by its author, the account `authorKey` (or by a moderator): 'deleted', 'unknown' or 'not-theirs'. */
export async function deleteMessage(
  id: string,
  authorKey: string,
  session: SessionCheck | undefined,
  asModerator = false,
): Promise<'deleted' | 'unknown' | 'not-theirs'> {
  const result = await scripts.deleteMessage.runChecked(
    session,
    [keys.forumPosts(), keys.forumAuthors(), keys.forumMessages(), keys.forumVersion()],
    [id, authorKey, asModerator ? '1' : '0'],
  );
  return result === 1 ? 'deleted' : result === 0 ? 'unknown' : 'not-theirs';
}
