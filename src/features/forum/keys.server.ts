// The forum's Redis keys, under the app's prefix. An author is stored by account key (keys.ts
// accountKeyOf), so a name registered again is not the author of the old account's posts.
import { KEY_PREFIX } from '../../server/keys.ts';

const FORUM = `${KEY_PREFIX}forum:`;

export const forumKeys = {
  /**
   * hash {message or reply id → JSON StoredMessage}; no expiry: each post trims the oldest past POST_RETENTION_DAYS,
   * with their replies, here, in authors and in the index
   */
  posts: () => `${FORUM}posts`,
  /**
   * hash {message id → its author's account key}, for the edit and delete checks and the reader's own marks; no expiry
   */
  authors: () => `${FORUM}authors`,
  /** sorted set of the top-level message ids (replies are in their thread) by their place in the sequence; no expiry */
  messages: () => `${FORUM}messages`,
  /** string counter giving each message its place, so order is the store's order of arrival */
  sequence: () => `${FORUM}sequence`,
  /** string counter raised by every post, reply, edit, delete and reaction: the page's cheap check for news */
  version: () => `${FORUM}version`,
  /** sorted set of one top-level message's reply ids by their place, at most MAX_REPLIES; removed with its message */
  replies: (messageId: string) => `${FORUM}replies:${messageId}`,
  /**
   * hash {reaction → how many gave it, '<reaction>\n<account key>' → '1' for each who did} of
   * one message or reply; removed with it
   */
  reactions: (messageId: string) => `${FORUM}reactions:${messageId}`,
  /** string JSON StoredJoinRequest, per account key; expires JOIN_REQUEST_KEPT_DAYS after its last change */
  joinRequest: (accountKey: string) => `${FORUM}join:${accountKey}`,
  /**
   * hash {request id → JSON ListedJoinRequest} of those waiting for the owner, at most MAX_PENDING_JOIN_REQUESTS; a
   * decision removes its entry, each ask drops the lapsed
   */
  joinPending: () => `${FORUM}join-pending`,
  /**
   * sorted set {JSON {id, kind, from, thread} → when posted (ms)} of what one account is told (schema.ts
   * ForumNotification), the newest MAX_NOTIFICATIONS; expires NOTIFICATIONS_KEPT_DAYS after the last
   */
  notifications: (accountKey: string) => `${FORUM}told:${accountKey}`,
  /** string: the time (ms) up to which one account has seen its notifications; expires as they do */
  notificationsSeen: (accountKey: string) => `${FORUM}told-seen:${accountKey}`,
  /**
   * hash {account key → JSON {upTo: the newest notification mailed (ms), day: the UTC day mailed}} of the members who
   * asked for a daily digest; an entry goes when its member stops it or its account is gone
   */
  digests: () => `${FORUM}digests`,
} as const;
