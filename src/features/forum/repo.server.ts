// Forum messages in Redis: one hash of messages as JSON by id, one of their authors, and a sorted set
// of ids scored by a sequence number the store hands out, so the order is the order in which posts
// arrived. The scripts are in src/server/scripts/forum.ts.
import { dailyCounter } from '../../server/daily-cap.ts';
import { keys, usernameKey } from '../../server/keys.ts';
import * as scripts from '../../server/scripts/forum.ts';
import type { SessionCheck } from '../../server/session.ts';

export interface StoredMessage {
  id: string;
  text: string;
  author: string;
  createdAt: string;
}

/** The daily counter of one author's posts (src/server/daily-cap.ts). */
export const POSTS_COUNTER = 'forum-posts';

/** Appends a message at the end of the forum; answers false when its author has posted `perDay` today. */
export async function appendMessage(message: StoredMessage, perDay: number): Promise<boolean> {
  const authorKey = usernameKey(message.author);
  const [dayPosts, dayTtl] = dailyCounter(POSTS_COUNTER, authorKey);
  const place = await scripts.appendMessage.run(
    [keys.forumSequence(), keys.forumPosts(), keys.forumAuthors(), keys.forumMessages(), dayPosts],
    [message.id, JSON.stringify(message), authorKey, perDay, dayTtl],
  );
  return place > 0;
}

/** Reads the latest `count` messages, oldest first (for a member, while their session is current). */
export async function latestMessages(count: number, session: SessionCheck | undefined): Promise<StoredMessage[]> {
  const found = await scripts.latestMessages.runChecked(session, [keys.forumMessages(), keys.forumPosts()], [count]);
  return found.map((json) => JSON.parse(json) as StoredMessage);
}

/** Deletes a message by its author (or by an admin): 'deleted', 'unknown' or 'not-theirs'. */
export async function deleteMessage(
  id: string,
  authorKey: string,
  session: SessionCheck | undefined,
  asAdmin = false,
): Promise<'deleted' | 'unknown' | 'not-theirs'> {
  const result = await scripts.deleteOwnMessage.runChecked(
    session,
    [keys.forumPosts(), keys.forumAuthors(), keys.forumMessages()],
    [id, authorKey, asAdmin ? '1' : '0'],
  );
  return result === 1 ? 'deleted' : result === 0 ? 'unknown' : 'not-theirs';
}
