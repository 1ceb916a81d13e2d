// Forum messages, members' notifications and requests to join in Redis: every call of the feature's
// storage. A page is one script's round trip; a place (the store's sequence number) is a stable
// cursor for paging.
import { addressTag } from '../../server/client.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { keys, usernameKey } from '../../server/keys.ts';
import { type RateLimit, attemptCounter } from '../../server/rate-limit.ts';
import { TRIM_BATCH, retention } from '../../server/retention.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { markSeen } from '../../server/scripts/seen.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
import { utcDay } from '../../lib/utc-day.ts';
import { MAIL_COUNTERS } from '../../server/mail.ts';
import { type SessionCheck, checkedRead, writeChecked } from '../../server/session.ts';
import type { Pipeline } from '@upstash/redis';
import { forumKeys } from './keys.server.ts';
import { POST_RETENTION_DAYS } from './logic.ts';
import * as scripts from './scripts.server.ts';
import {
  DIGEST_NOTES,
  MAX_NOTIFICATIONS,
  MAX_REPLIES,
  type MessageReactions,
  NOTIFICATIONS_KEPT_DAYS,
  type NotificationKind,
  REACTION_IDS,
  REPLIES_SHOWN,
  type ReactionId,
} from './schema.ts';

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

/** A message's reactions as a script read them: each REACTION_IDS' count, and 1 for each the reader gave. */
function reactionsOf(counts: readonly number[], mine: readonly number[]): MessageReactions {
  const reactions: Partial<Record<ReactionId, number>> = {};
  const reacted: ReactionId[] = [];
  REACTION_IDS.forEach((id, i) => {
    if (Number(counts[i]) > 0) reactions[id] = Number(counts[i]);
    if (Number(mine[i]) === 1) reacted.push(id);
  });
  return {
    ...(Object.keys(reactions).length ? { reactions } : {}),
    ...(reacted.length ? { reacted } : {}),
  };
}

/** A list from a script's JSON: Lua's cjson writes an empty list as `{}`. */
function listOf<T>(value: readonly T[] | object): readonly T[] {
  return Array.isArray(value) ? value : [];
}

function readMessage(row: scripts.MessageRow): ReadMessage {
  return {
    message: JSON.parse(row.json) as StoredMessage,
    place: Number(row.place),
    authorKey: row.author,
    reactions: reactionsOf(row.counts, row.mine),
  };
}

const PREFIXES = () => ({ repliesPrefix: forumKeys.replies(''), reactionsPrefix: forumKeys.reactions('') });

/**
 * Appends a message at the end of the forum, or a reply to the top-level message `replyTo` at the
 * end of its thread, as the account `authorKey`'s; refused when its author has posted `perDay`
 * today, the message replied to is gone or its thread is full. The same step removes a batch of
 * the oldest messages, those older than POST_RETENTION_DAYS, with their replies.
 */
export async function appendMessage(
  message: StoredMessage,
  authorKey: string,
  perDay: number,
  mentions: string[],
): Promise<'ok' | 'over-cap' | 'gone' | 'thread-full'> {
  const [dayPosts, dayTtl] = dailyCounter(POSTS_COUNTER, authorKey);
  const told = retention(NOTIFICATIONS_KEPT_DAYS);
  return scripts.appendMessage.run(
    {
      sequence: forumKeys.sequence(),
      posts: forumKeys.posts(),
      authors: forumKeys.authors(),
      index: forumKeys.messages(),
      dayPosts,
      version: forumKeys.version(),
    },
    {
      ...PREFIXES(),
      id: message.id,
      json: JSON.stringify(message),
      authorKey,
      perDay,
      dayTtl,
      cutoff: keptSince(),
      batch: TRIM_BATCH,
      replyTo: message.replyTo ?? '',
      maxReplies: MAX_REPLIES,
      from: message.author,
      thread: message.replyTo ?? message.id,
      at: Date.parse(message.createdAt),
      mentions,
      userPrefix: keys.user(''),
      forumLevel: CLEARANCE.forum,
      toldPrefix: forumKeys.notifications(''),
      keepTold: MAX_NOTIFICATIONS,
      toldSince: told.cutoff,
      toldTtl: told.ttlSeconds,
    },
  );
}

/** A notification as read, with the JSON of its message. */
export interface ReadNotification {
  note: { id: string; kind: NotificationKind; from: string; thread: string };
  at: number;
  message: StoredMessage;
}

const toldKeys = (accountKey: string) => ({
  told: forumKeys.notifications(accountKey),
  seen: forumKeys.notificationsSeen(accountKey),
  posts: forumKeys.posts(),
});

const readNote = ({ note, at, json }: scripts.NoteRow): ReadNotification => ({
  note: JSON.parse(note) as ReadNotification['note'],
  at: Number(at),
  message: JSON.parse(json) as StoredMessage,
});

/**
 * An account's newest notifications whose message is still there, the time seen up to and how many
 * came after, and whether it asked for a digest, for a member while their session is current.
 */
export async function notificationsPage(
  session: SessionCheck,
  accountKey: string,
): Promise<{ seen: number; unseen: number; digest: boolean; notes: ReadNotification[] }> {
  const page = await scripts.notificationsPage.runChecked(
    session,
    { ...toldKeys(accountKey), digests: forumKeys.digests() },
    { count: MAX_NOTIFICATIONS, account: accountKey },
  );
  return { seen: Number(page.seen), unseen: page.unseen, digest: page.digest, notes: listOf(page.notes).map(readNote) };
}

/** How many of an account's notifications are new, for a member while their session is current. */
export async function unseenNotifications(session: SessionCheck, accountKey: string): Promise<number> {
  return Number(await scripts.unseenNotifications.runChecked(session, toldKeys(accountKey), {}));
}

/**
 * Asks for the account's daily digest from now on, the first the next day (what came before is not
 * mailed; asking again keeps the mark), or stops it.
 */
export async function setDigest(session: SessionCheck, accountKey: string, on: boolean): Promise<void> {
  const now = Date.now();
  await writeChecked(session, [
    on
      ? ['HSETNX', forumKeys.digests(), accountKey, JSON.stringify({ upTo: now, day: utcDay(now).day })]
      : ['HDEL', forumKeys.digests(), accountKey],
  ]);
}

/** One member's digest as taken: where it goes and the notifications it names, the newest first. */
export interface TakenDigest {
  username: string;
  to: string;
  total: number;
  notes: ReadNotification[];
}

/**
 * Takes the day's digests, reserving a mail for as many as the day's poll mail (`cap`) and the
 * digests' `share` of it allow, in one round trip: those taken are marked mailed, today.
 */
export async function takeDigests(mail: { cap: number; share: number }, now: number): Promise<TakenDigest[]> {
  const [dayMail, dayTtl] = dailyCounter(MAIL_COUNTERS.polls, '', now);
  const [dayDigests] = dailyCounter(MAIL_COUNTERS.pollDigests, '', now);
  const { rows } = await scripts.takeDigests.run(
    {
      digests: forumKeys.digests(),
      posts: forumKeys.posts(),
      addresses: keys.mailAddresses(),
      dayMail,
      dayDigests,
    },
    {
      userPrefix: keys.user(''),
      toldPrefix: forumKeys.notifications(''),
      seenPrefix: forumKeys.notificationsSeen(''),
      most: DIGEST_NOTES,
      today: utcDay(now).day,
      mailCap: mail.cap,
      digestShare: mail.share,
      dayTtl,
    },
  );
  return listOf(rows).map(({ username, to, total, notes }) => ({
    username,
    to,
    total,
    notes: listOf(notes).map(readNote),
  }));
}

/** The account has seen its notifications up to `upTo` (ms), kept as long as they are. */
export async function markNotificationsSeen(session: SessionCheck, accountKey: string, upTo: number): Promise<void> {
  await markSeen.plain.runChecked(
    session,
    { seen: forumKeys.notificationsSeen(accountKey) },
    { upTo, keepSeconds: retention(NOTIFICATIONS_KEPT_DAYS).ttlSeconds },
  );
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
  const page = await scripts.messagesPage.runChecked(
    session,
    {
      index: forumKeys.messages(),
      posts: forumKeys.posts(),
      version: forumKeys.version(),
      authors: forumKeys.authors(),
    },
    {
      ...PREFIXES(),
      count,
      below: before === undefined ? '+inf' : `(${before}`,
      cutoff: keptSince(),
      reader,
      repliesShown: REPLIES_SHOWN,
      reactions: REACTION_IDS,
    },
  );
  return {
    version: page.version,
    more: page.more,
    messages: listOf(page.messages).map((thread) => ({
      ...readMessage(thread),
      replyCount: thread.replyCount,
      replies: listOf(thread.replies).map(readMessage),
    })),
  };
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
  const page = await scripts.repliesPage.runChecked(
    session,
    { posts: forumKeys.posts(), authors: forumKeys.authors(), thread: forumKeys.replies(parent) },
    {
      after: after === undefined ? '-inf' : `(${after}`,
      count,
      parent,
      cutoff: keptSince(),
      reactionsPrefix: forumKeys.reactions(''),
      reader,
      reactions: REACTION_IDS,
    },
  );
  if (page === 'gone') return undefined;
  return { replyCount: page.replyCount, replies: listOf(page.replies).map(readMessage), more: page.more };
}

/** The forum's version, which every post, reply, edit, delete and reaction raises. */
export async function forumVersion(session: SessionCheck | undefined): Promise<string> {
  return String(await scripts.forumVersion.runChecked(session, { version: forumKeys.version() }, {}));
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
    { posts: forumKeys.posts(), version: forumKeys.version() },
    { id: message.id, read, json: JSON.stringify(message) },
  );
  return replaced === 'replaced';
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
  const reply = await scripts.deleteMessage.runChecked(
    session,
    {
      posts: forumKeys.posts(),
      authors: forumKeys.authors(),
      index: forumKeys.messages(),
      version: forumKeys.version(),
    },
    { ...PREFIXES(), id, authorKey, asModerator },
  );
  if (reply === 'unknown' || reply === 'not-theirs') return { outcome: reply, replies: 0 };
  return { outcome: 'deleted', replies: Number(reply.slice('deleted:'.length)) };
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
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter([limit, member]);
  const reply = await scripts.react.runChecked(
    session,
    { attempts, posts: forumKeys.posts(), reactions: forumKeys.reactions(id), version: forumKeys.version() },
    { attemptsMax, attemptsWindow, id, reaction, member, on, cutoff: keptSince(), reactions: REACTION_IDS },
  );
  const wait = secondsToWait(reply);
  if (wait !== undefined) return { wait };
  if (reply === 'gone' || typeof reply === 'string') return { wait: 0, reactions: undefined, changed: false };
  return { wait: 0, reactions: reactionsOf(reply.counts, reply.mine), changed: reply.changed };
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
  /** The address it was asked from, hashed (addressTag): absent in entries listed before. */
  from?: string;
}

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
): Promise<{ wait: number; outcome?: scripts.AskOutcome | 'too-soon'; declinedAt?: string }> {
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter([limit, member.accountKey]);
  const from = addressTag(address);
  const entry: ListedJoinRequest = {
    accountKey: member.accountKey,
    username: member.username,
    note: request.note,
    askedAt: request.askedAt,
    from,
  };
  const reply = await scripts.askToJoin.runChecked(
    session,
    {
      attempts,
      account: keys.user(usernameKey(member.username)),
      request: forumKeys.joinRequest(member.accountKey),
      pending: forumKeys.joinPending(),
    },
    {
      attemptsMax,
      attemptsWindow,
      perAddress: rules.perAddress,
      from,
      json: JSON.stringify(request),
      entry: JSON.stringify(entry),
      id: request.id,
      lapsedBefore: rules.lapsedBefore,
      declinedAfter: rules.declinedAfter,
      ttl: rules.ttlSeconds,
      maxPending: rules.maxPending,
      forumClearance: rules.clearance,
    },
  );
  const wait = secondsToWait(reply);
  if (wait !== undefined) return { wait };
  if (reply.startsWith('too-soon:'))
    return { wait: 0, outcome: 'too-soon', declinedAt: reply.slice('too-soon:'.length) };
  return { wait: 0, outcome: reply as scripts.AskOutcome };
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
  return (
    (await scripts.dismissJoin.runChecked(session, { request: forumKeys.joinRequest(accountKey) }, {})) === 'dismissed'
  );
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
    {
      pending: forumKeys.joinPending(),
      request: forumKeys.joinRequest(entry.accountKey),
      account: keys.user(usernameKey(entry.username)),
    },
    {
      id,
      entry: json,
      decision,
      json: JSON.stringify(decided),
      ttl: ttlSeconds,
      accountKey: entry.accountKey,
      usernameKey: usernameKey(entry.username),
      forumClearance: clearance,
    },
  );
}
