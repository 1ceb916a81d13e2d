// Forum messages and requests to join in Redis: every call of the feature's storage. A page is
// one script's round trip; a place (the store's sequence number) is a stable cursor for paging.
import { dailyCounter } from '../../server/daily-cap.ts';
import { keys, usernameKey } from '../../server/keys.ts';
import { type RateLimit, attemptCounter } from '../../server/rate-limit.ts';
import { TRIM_BATCH, retention } from '../../server/retention.ts';
import { type SessionCheck, checkedRead } from '../../server/session.ts';
import type { Pipeline } from '@upstash/redis';
import { forumKeys } from './keys.server.ts';
import { POST_RETENTION_DAYS } from './logic.ts';
import * as scripts from './scripts.server.ts';
import { MAX_REPLIES, type MessageReactions, REACTION_IDS, REPLIES_SHOWN, type ReactionId } from './schema.ts';

export interface StoredMessage {
  id: string;
  text: string;
  author: string;
  createdAt: string;
  /** When the author last edited it. */
  editedAt?: string;
  /** On a reply: its top-level message's id. */
  replyTo?: string;
}

/** A message as a page reads it: its place, its author's account key and its reactions as the reader sees them. */
export interface ReadMessage {
  message: StoredMessage;
  place: number;
  authorKey: string;
  reactions: MessageReactions;
}

/** A top-level message as a page reads it, with its reply count and first replies, oldest first. */
export interface ReadThread extends ReadMessage {
  replyCount: number;
  replies: ReadMessage[];
}

/** A page of messages, newest first; `more` when older ones remain. */
export interface MessagesPage {
  version: string;
  messages: ReadThread[];
  more: boolean;
}

/** A page of a thread's replies, oldest first; `more` when later ones remain. */
export interface RepliesPage {
  replyCount: number;
  replies: ReadMessage[];
  more: boolean;
}

/** The daily counter of one author's posts (src/server/daily-cap.ts): messages and replies alike. */
export const POSTS_COUNTER = 'forum-posts';

/** The creation time (ISO 8601) of the oldest message kept now: older ones are removed, and never listed. */
function keptSince(): string {
  return new Date(retention(POST_RETENTION_DAYS).cutoff).toISOString();
}

/** Reads a reaction block of a script's reply at `at`: each reaction's count, then 1 or 0 for the reader's. */
function reactionsAt(row: (string | number)[], at: number): MessageReactions {
  const reactions: Partial<Record<ReactionId, number>> = {};
  const reacted: ReactionId[] = [];
  REACTION_IDS.forEach((id, i) => {
    const count = Number(row[at + i]);
    if (count > 0) reactions[id] = count;
    if (Number(row[at + REACTION_IDS.length + i]) === 1) reacted.push(id);
  });
  return {
    ...(Object.keys(reactions).length ? { reactions } : {}),
    ...(reacted.length ? { reacted } : {}),
  };
}

/** The number of a script's reply entries one message takes: JSON, place, author, then the reactions block. */
const MESSAGE_FIELDS = 3 + 2 * REACTION_IDS.length;

/** Reads one message of a script's reply at `at`. */
function messageAt(row: (string | number)[], at: number): ReadMessage {
  return {
    message: JSON.parse(String(row[at])) as StoredMessage,
    place: Number(row[at + 1]),
    authorKey: String(row[at + 2] ?? ''),
    reactions: reactionsAt(row, at + 3),
  };
}

export type AppendOutcome = 'ok' | 'over-cap' | 'gone' | 'thread-full';

/**
 * Appends a message at the end of the forum, or a reply to the top-level message `replyTo` at the
 * end of its thread, as the account `authorKey`'s; refused when its author has posted `perDay`
 * today, the message replied to is gone or its thread is full. The same step removes a batch of
 * the oldest messages, those older than POST_RETENTION_DAYS, with their replies.
 */
export async function appendMessage(message: StoredMessage, authorKey: string, perDay: number): Promise<AppendOutcome> {
  const [dayPosts, dayTtl] = dailyCounter(POSTS_COUNTER, authorKey);
  const place = await scripts.appendMessage.run(
    [forumKeys.sequence(), forumKeys.posts(), forumKeys.authors(), forumKeys.messages(), dayPosts, forumKeys.version()],
    [
      message.id,
      JSON.stringify(message),
      authorKey,
      perDay,
      dayTtl,
      keptSince(),
      TRIM_BATCH,
      message.replyTo ?? '',
      forumKeys.replies(''),
      forumKeys.reactions(''),
      MAX_REPLIES,
    ],
  );
  return place > 0 ? 'ok' : place === 0 ? 'over-cap' : place === -1 ? 'gone' : 'thread-full';
}

/**
 * Reads at most `count` top-level messages placed before `before` (the newest when undefined),
 * newest first, each with its first REPLIES_SHOWN replies and the reactions as `reader` (an account
 * key, or '' for the operator) sees them, for a member while their session is current; none older
 * than POST_RETENTION_DAYS.
 */
export async function messagesPage(
  count: number,
  before: number | undefined,
  session: SessionCheck | undefined,
  reader: string,
): Promise<MessagesPage> {
  const row = await scripts.messagesPage.runChecked(
    session,
    [forumKeys.messages(), forumKeys.posts(), forumKeys.version(), forumKeys.authors()],
    [
      count,
      before === undefined ? '+inf' : `(${before}`,
      keptSince(),
      forumKeys.replies(''),
      forumKeys.reactions(''),
      reader,
      REPLIES_SHOWN,
      ...REACTION_IDS,
    ],
  );
  const messages: ReadThread[] = [];
  let at = 2;
  while (at < row.length) {
    const thread = messageAt(row, at);
    const replyCount = Number(row[at + 3]);
    const reactions = reactionsAt(row, at + 4);
    at += MESSAGE_FIELDS + 1;
    const shown = Number(row[at]);
    at += 1;
    const replies: ReadMessage[] = [];
    for (let i = 0; i < shown; i++, at += MESSAGE_FIELDS) replies.push(messageAt(row, at));
    messages.push({ ...thread, reactions, replyCount, replies });
  }
  return { version: String(row[0]), messages, more: String(row[1]) === '1' };
}

/**
 * Reads at most `count` replies of the top-level message `parent`, oldest first, placed after
 * `after` (from the first when undefined), with the reactions as `reader` sees them; undefined when
 * the message is gone (or older than POST_RETENTION_DAYS) or is itself a reply.
 */
export async function repliesPage(
  parent: string,
  after: number | undefined,
  count: number,
  session: SessionCheck | undefined,
  reader: string,
): Promise<RepliesPage | undefined> {
  const row = await scripts.repliesPage.runChecked(
    session,
    [forumKeys.posts(), forumKeys.authors(), forumKeys.replies(parent)],
    [
      after === undefined ? '-inf' : `(${after}`,
      count,
      parent,
      keptSince(),
      forumKeys.reactions(''),
      reader,
      ...REACTION_IDS,
    ],
  );
  if (Number(row[0]) === -1) return undefined;
  const replies: ReadMessage[] = [];
  for (let at = 2; at < row.length; at += MESSAGE_FIELDS) replies.push(messageAt(row, at));
  return { replyCount: Number(row[0]), replies, more: String(row[1]) === '1' };
}

/** The forum's version, which every post, reply, edit, delete and reaction raises. */
export async function forumVersion(session: SessionCheck | undefined): Promise<string> {
  return String(await scripts.forumVersion.runChecked(session, [forumKeys.version()], []));
}

/** Adds the reads of a message's JSON and its author's account key to a pipeline (an edit checks both). */
export function readMessageInto(pipe: Pipeline<[]>, id: string): void {
  pipe.hget(forumKeys.posts(), id);
  pipe.hget(forumKeys.authors(), id);
}

/** Adds the read of the JSON of the message a reply answers to a pipeline (a reply to a reply joins its thread). */
export function readReplyTargetInto(pipe: Pipeline<[]>, id: string): void {
  pipe.hget(forumKeys.posts(), id);
}

/** Replaces a message as read (its JSON `read`) with `message`; false when it changed or went meanwhile. */
export async function replaceMessage(read: string, message: StoredMessage): Promise<boolean> {
  const replaced = await scripts.replaceMessage.run(
    [forumKeys.posts(), forumKeys.version()],
    [message.id, read, JSON.stringify(message)],
  );
  return replaced === 1;
}

/**
 * Deletes a message by its author, the account `authorKey` (or by a moderator), with its
 * reactions, and a top-level message with its replies: 'deleted' (with how many replies went
 * with it), 'unknown' or 'not-theirs'.
 */
export async function deleteMessage(
  id: string,
  authorKey: string,
  session: SessionCheck | undefined,
  asModerator = false,
): Promise<{ outcome: 'deleted' | 'unknown' | 'not-theirs'; replies: number }> {
  const [result, replies = 0] = await scripts.deleteMessage.runChecked(
    session,
    [forumKeys.posts(), forumKeys.authors(), forumKeys.messages(), forumKeys.version()],
    [id, authorKey, asModerator ? '1' : '0', forumKeys.replies(''), forumKeys.reactions('')],
  );
  return { outcome: result === 1 ? 'deleted' : result === 0 ? 'unknown' : 'not-theirs', replies: Number(replies) };
}

/**
 * Gives or takes back the member `member`'s reaction on a message, counting the attempt on `limit`
 * first, in one round trip with the session check: the seconds to wait when over the limit, or
 * the message's reactions after it (undefined when the message is gone) and whether they changed.
 */
export async function react(
  session: SessionCheck | undefined,
  limit: RateLimit,
  member: string,
  id: string,
  reaction: ReactionId,
  on: boolean,
): Promise<{ wait: number } | { wait: 0; reactions: MessageReactions | undefined; changed: boolean }> {
  const [counter, max, windowSeconds] = attemptCounter([limit, member]);
  const row = await scripts.react.runChecked(
    session,
    [counter, forumKeys.posts(), forumKeys.reactions(id), forumKeys.version()],
    [max, windowSeconds, id, reaction, member, on ? '1' : '0', keptSince(), ...REACTION_IDS],
  );
  if (Number(row[0]) > 0) return { wait: Number(row[0]) };
  if (Number(row[1]) === -1) return { wait: 0, reactions: undefined, changed: false };
  return { wait: 0, reactions: reactionsAt(row, 2), changed: Number(row[1]) === 1 };
}

// ----- Asking to join -----

/** A request as stored under the account's key (forumKeys.joinRequest). */
export interface StoredJoinRequest {
  id: string;
  status: 'pending' | 'approved' | 'declined';
  askedAt: string;
  note: string;
  decidedAt?: string;
  dismissed?: true;
}

/** A waiting request as the owner's list holds it (forumKeys.joinPending). */
export interface ListedJoinRequest {
  accountKey: string;
  username: string;
  note: string;
  askedAt: string;
}

/** The daily counter of the requests made from one address (src/server/daily-cap.ts). */
export const JOIN_ASKS_COUNTER = 'forum-join-asks';

/**
 * Stores an account's request to join and lists it for the owner, in one round trip with the
 * session check and the account's rate limit; the script's outcome ('ok' or why not), or the
 * seconds to wait.
 */
export async function askToJoin(
  session: SessionCheck,
  limit: RateLimit,
  member: { accountKey: string; username: string },
  address: string,
  request: StoredJoinRequest,
  rules: {
    perAddress: number;
    lapsedBefore: string;
    declinedAfter: string;
    ttlSeconds: number;
    maxPending: number;
    clearance: number;
  },
): Promise<{ wait: number; outcome?: scripts.AskOutcome; declinedAt?: string }> {
  const [counter, max, windowSeconds] = attemptCounter([limit, member.accountKey]);
  const [addressDay, dayTtl] = dailyCounter(JOIN_ASKS_COUNTER, address);
  const entry: ListedJoinRequest = {
    accountKey: member.accountKey,
    username: member.username,
    note: request.note,
    askedAt: request.askedAt,
  };
  const [wait, outcome, declinedAt] = await scripts.askToJoin.runChecked(
    session,
    [
      counter,
      addressDay,
      keys.user(usernameKey(member.username)),
      forumKeys.joinRequest(member.accountKey),
      forumKeys.joinPending(),
    ],
    [
      max,
      windowSeconds,
      rules.perAddress,
      dayTtl,
      JSON.stringify(request),
      JSON.stringify(entry),
      request.id,
      rules.lapsedBefore,
      rules.declinedAfter,
      rules.ttlSeconds,
      rules.maxPending,
      rules.clearance,
    ],
  );
  return { wait: Number(wait), outcome, ...(declinedAt ? { declinedAt } : {}) };
}

/**
 * Reads the account's request and its hash (for a fresh token), in one round trip with the session
 * check: the request (undefined when there is none) and the hash as read.
 */
export async function ownJoinRequest(
  session: SessionCheck,
  accountKey: string,
): Promise<{ request: StoredJoinRequest | undefined; account: unknown }> {
  const [json, account] = await checkedRead(session, (pipe) => {
    pipe.get(forumKeys.joinRequest(accountKey));
    pipe.hgetall(session.key);
  });
  return { request: json ? (JSON.parse(String(json)) as StoredJoinRequest) : undefined, account };
}

/** Marks the account's decided request dismissed, in one round trip with the session check. */
export async function dismissJoinRequest(session: SessionCheck, accountKey: string): Promise<boolean> {
  return (await scripts.dismissJoin.runChecked(session, [forumKeys.joinRequest(accountKey)], [])) === 1;
}

/** Parses the owner's list as read (HGETALL): each waiting request by its id, with its entry's JSON as stored. */
export function listedRequests(reply: unknown): { id: string; json: string; entry: ListedJoinRequest }[] {
  if (!Array.isArray(reply)) return [];
  const listed: { id: string; json: string; entry: ListedJoinRequest }[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const json = String(reply[i + 1]);
    listed.push({ id: String(reply[i]), json, entry: JSON.parse(json) as ListedJoinRequest });
  }
  return listed;
}

/** Adds the read of the owner's whole list to a pipeline. */
export function readPendingInto(pipe: Pipeline<[]>): void {
  pipe.hgetall(forumKeys.joinPending());
}

/** Adds the read of one entry of the owner's list to a pipeline. */
export function readPendingEntryInto(pipe: Pipeline<[]>, id: string): void {
  pipe.hget(forumKeys.joinPending(), id);
}

/**
 * Decides a waiting request as its list entry was read (`json`), in one round trip (with the
 * owner's session check, none for the operator): the outcome.
 */
export async function decideJoin(
  session: SessionCheck | undefined,
  id: string,
  json: string,
  entry: ListedJoinRequest,
  decision: 'approve' | 'decline',
  decided: StoredJoinRequest,
  ttlSeconds: number,
  clearance: number,
): Promise<scripts.DecideOutcome> {
  return scripts.decideJoin.runChecked(
    session,
    [forumKeys.joinPending(), forumKeys.joinRequest(entry.accountKey), keys.user(usernameKey(entry.username))],
    [id, json, decision, JSON.stringify(decided), ttlSeconds, entry.accountKey, usernameKey(entry.username), clearance],
  );
}
