// Forum use cases. Clearance is checked by the functions; here the author is always the token's
// user, only they edit what they wrote (within EDIT_WINDOW_MINUTES), and only they or a moderator
// (or the admin CLI) delete it. "They" is the account (its account key), not the name: a name
// registered again does not own the old account's posts, and the reader's own are marked `own`.
// Replies, reactions and requests to join are the account's too: a reaction is given once per
// account, a request is the account's one request, and the owner's approval raises that account.
import { canModerateForum } from '../../lib/policy.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
import { type Admin, readAsAdmin } from '../../server/admin-limit.ts';
import { AppError } from '../../server/app-error.ts';
import { type Operator, isSignedIn, sessionOf } from '../../server/caller.ts';
import { dailyCapReached } from '../../server/daily-cap.ts';
import { deliverMail, digestShare, hashOf, mailCaps } from '../../server/mail.ts';
import { usernameKey } from '../../server/keys.ts';
import { type RateLimit, rateLimited, scaledForLocalRun } from '../../server/rate-limit.ts';
import { retention } from '../../server/retention.ts';
import { type SessionUser, checkedWithinRateLimits, promotedToken } from '../../server/session.ts';
import { askAgainFrom, excerptOf, mentionedNames, withinEditWindow } from './logic.ts';
import * as repo from './repo.server.ts';
import {
  type AskToJoinRequest,
  ASK_AGAIN_AFTER_DAYS,
  type CreateMessageRequest,
  type DecideJoinResponse,
  EDIT_TOO_LATE,
  type ForumMessage,
  JOIN_REQUESTS_WAITING_PER_ADDRESS,
  JOIN_REQUEST_KEPT_DAYS,
  type JoinDecision,
  type JoinReason,
  type JoinRequestResponse,
  MAX_PENDING_JOIN_REQUESTS,
  type MessageReactions,
  type MessagesResponse,
  NOT_YOUR_MESSAGE,
  type NotificationsResponse,
  NO_PERMISSION,
  type OwnJoinRequest,
  type PendingJoinRequest,
  type ReactRequest,
  type RepliesResponse,
  THREAD_FULL,
} from './schema.ts';

// Faster than anyone types; slows a script flooding the forum.
export const LIMITS = {
  postsPerUser: { bucket: 'forum-post-user', max: 20, windowSeconds: 60 },
  editsPerUser: { bucket: 'forum-edit-user', max: 20, windowSeconds: 60 },
  // Faster than anyone clicks through five reactions on a page of messages.
  reactionsPerUser: { bucket: 'forum-react-user', max: 60, windowSeconds: 60 },
  // A person asks once, maybe again after a typo in the note; a script is slowed.
  joinAsksPerUser: { bucket: 'forum-join-user', max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

// Posts one member may make in a UTC day: a lively day's talk is a few dozen; the per-minute limit
// alone would let a script post 28,800 a day.
export const POSTS_PER_DAY = 200;

type Member = Pick<SessionUser, 'username' | 'accountKey' | 'session'>;
type Moderator = Member & Pick<SessionUser, 'clearance'>;

/**
 * A stored message as the API answers it, marked `own` when it is the reader's, with its
 * reactions as the reader sees them.
 */
function toMessage(
  { id, text, author, createdAt, editedAt, replyTo }: repo.StoredMessage,
  own: boolean,
  reactions: MessageReactions = {},
): ForumMessage {
  return {
    _id: id,
    text,
    createdAt,
    ...(author ? { user: { username: author } } : {}),
    ...(editedAt ? { editedAt } : {}),
    ...(own ? { own: true } : {}),
    ...(replyTo ? { replyTo } : {}),
    ...reactions,
  };
}

/** The reader's account key ('' for the operator, who reads as nobody). */
function readerKeyOf(reader: Member | Operator): string {
  return isSignedIn(reader) ? reader.accountKey : '';
}

/** A message as read, as the API answers it to `readerKey`. */
function readToMessage({ message, authorKey, reactions }: repo.ReadMessage, readerKey: string): ForumMessage {
  return toMessage(message, readerKey !== '' && authorKey === readerKey, reactions);
}

/**
 * One page of messages, oldest first, with the cursor of the next older page: the newest `limit`,
 * or those before the cursor `before` (checking a member's session; the operator has none). Each
 * comes with its reactions and, when it has replies, their count and the first REPLIES_SHOWN
 * (oldest first) with the cursor of the next ones.
 */
export async function listMessages(
  reader: Member | Operator,
  { before, limit }: { before?: number; limit: number } = { limit: 50 },
): Promise<Omit<MessagesResponse, 'status'>> {
  const readerKey = readerKeyOf(reader);
  const page = await repo.messagesPage(limit, before, sessionOf(reader), readerKey);
  const oldest = page.messages.at(-1);
  return {
    messages: page.messages
      .map((thread) => {
        const message = readToMessage(thread, readerKey);
        if (thread.replyCount === 0) return message;
        const last = thread.replies.at(-1);
        return {
          ...message,
          replyCount: thread.replyCount,
          replies: thread.replies.map((reply) => readToMessage(reply, readerKey)),
          ...(last && thread.replyCount > thread.replies.length ? { moreReplies: String(last.place) } : {}),
        };
      })
      .reverse(),
    older: page.more && oldest ? String(oldest.place) : null,
    version: page.version,
  };
}

/**
 * A page of the replies to the top-level message `id`, oldest first: the first `limit`, or those
 * after the cursor `after` (the `moreReplies` or `more` the page had), with the cursor of the next.
 */
export async function listReplies(
  reader: Member | Operator,
  id: string,
  { after, limit }: { after?: number; limit: number },
): Promise<Omit<RepliesResponse, 'status'>> {
  const readerKey = readerKeyOf(reader);
  const page = await repo.repliesPage(id, after, limit, sessionOf(reader), readerKey);
  if (!page) throw new AppError('not_found', 'That message does not exist.');
  const last = page.replies.at(-1);
  return {
    replies: page.replies.map((reply) => readToMessage(reply, readerKey)),
    more: page.more && last ? String(last.place) : null,
    replyCount: page.replyCount,
  };
}

/** The forum's version: the page reloads only when it moved. */
export function forumVersion(reader: Member | Operator): Promise<string> {
  return repo.forumVersion(sessionOf(reader));
}

const NO_SUCH_MESSAGE = 'That message does not exist.';

/**
 * Posts a message as the token's user, or a reply to `replyTo` (to its top-level message when that
 * is a reply itself). Two round trips: the rate limit, the session and the message replied to read
 * together; then the post, counted on the author's daily cap (messages and replies alike), which
 * tells the thread's author of a reply and the members it mentions in the same step.
 */
export async function postMessage(user: Member, input: CreateMessageRequest): Promise<ForumMessage> {
  if (input.username !== undefined && usernameKey(input.username) !== usernameKey(user.username)) {
    throw new AppError('forbidden', 'You can only post as yourself.');
  }
  // The session is checked in the rate limit's round trip, so an ended one never posts.
  const [target] = await checkedWithinRateLimits(user.session, [[LIMITS.postsPerUser, user.accountKey]], (pipe) => {
    if (input.replyTo) repo.readReplyTargetInto(pipe, input.replyTo);
  });
  let replyTo: string | undefined;
  if (input.replyTo) {
    if (typeof target !== 'string') throw new AppError('not_found', NO_SUCH_MESSAGE);
    replyTo = (JSON.parse(target) as repo.StoredMessage).replyTo ?? input.replyTo;
  }
  const message: repo.StoredMessage = {
    id: crypto.randomUUID(),
    text: input.text,
    author: user.username,
    createdAt: new Date().toISOString(),
    ...(replyTo ? { replyTo } : {}),
  };
  const mentions = mentionedNames(input.text);
  switch (await repo.appendMessage(message, user.accountKey, scaledForLocalRun(POSTS_PER_DAY), mentions)) {
    case 'over-cap':
      throw dailyCapReached(`You have posted ${POSTS_PER_DAY} messages today, the most a member may post in a day.`);
    case 'gone':
      throw new AppError('not_found', NO_SUCH_MESSAGE);
    case 'thread-full':
      throw new AppError('conflict', THREAD_FULL);
    case 'ok':
      return toMessage(message, true);
  }
}

/**
 * The member's notifications, newest first (replies in threads they started, mentions of their
 * name), those posted after what they had seen marked, with how many: one round trip.
 */
export async function notifications(user: Member): Promise<Omit<NotificationsResponse, 'status'>> {
  const { seen, unseen, digest, notes } = await repo.notificationsPage(user.session, user.accountKey);
  return {
    unseen,
    digest,
    notifications: notes.map(({ note, at, message }) => ({
      ...note,
      at,
      excerpt: excerptOf(message.text),
      unseen: at > seen,
    })),
  };
}

/** Asks for the member's daily digest by mail, from now on, or stops it: one round trip. */
export function setDigest(user: Member, on: boolean): Promise<void> {
  return repo.setDigest(user.session, user.accountKey, on);
}

/** The digest mail of one member's notifications, in plain text: who wrote, what, and where to read it. */
function digestMail({ username, total, notes }: repo.TakenDigest, site: string) {
  const host = new URL(site).host;
  const more = total - notes.length;
  return {
    subject: `${total} new in the forum on ${host}`,
    text: [
      `Hello ${username},`,
      '',
      `Since the last digest, the forum on ${host} has ${total === 1 ? 'one notification' : `${total} notifications`} for you:`,
      '',
      ...notes.flatMap(({ note, message }) => [
        `- ${note.from} ${note.kind === 'reply' ? 'replied to your message' : 'mentioned you'}: "${excerptOf(message.text)}"`,
        `  ${new URL(`/forum#message-${note.thread}`, site).href}`,
      ]),
      ...(more > 0 ? ['', `and ${more} more.`] : []),
      '',
      `All your notifications: ${new URL('/dashboard#notifications', site).href}`,
      '',
      '-- ',
      'You get this mail once a day, on days with something new you have not seen on the site, because you',
      'asked for a digest. To stop it, untick "Mail me a daily digest" under Notifications on your dashboard.',
    ].join('\n'),
  };
}

/** Mails the day's forum digests, as many as the day's poll mail allows; the rest wait for the next day. */
export async function sendDigests(site: string, now = Date.now()): Promise<{ mailed: number }> {
  const { polls: cap } = mailCaps();
  const taken = await repo.takeDigests({ cap, share: digestShare(cap) }, now);
  const day = new Date(now).toISOString().slice(0, 10);
  let mailed = 0;
  for (const digest of taken) {
    const outcome = await deliverMail(
      { ...digestMail(digest, site), to: digest.to, idempotencyKey: `forum-digest-${day}-${hashOf(digest.to)}` },
      'Forum digest',
    );
    if (outcome.delivery === 'delivered') mailed += 1;
  }
  return { mailed };
}

/** How many of the member's notifications are new: one round trip. */
export function unseenNotifications(user: Member): Promise<number> {
  return repo.unseenNotifications(user.session, user.accountKey);
}

/** The member has seen their notifications up to `upTo` (ms): one round trip. */
export function markNotificationsSeen(user: Member, upTo: number): Promise<void> {
  return repo.markNotificationsSeen(user.session, user.accountKey, upTo);
}

/**
 * Replaces the text of one of the user's own messages, within EDIT_WINDOW_MINUTES of its posting.
 * Two round trips: the rate limit, the session and the message read together; then the message
 * replaced only if it is still what was checked.
 */
export async function editOwnMessage(user: Member, id: string, text: string, now = Date.now()): Promise<ForumMessage> {
  const [read, authorKey] = (await checkedWithinRateLimits(
    user.session,
    [[LIMITS.editsPerUser, user.accountKey]],
    (pipe) => repo.readMessageInto(pipe, id),
  )) as [string | null, string | null];
  if (read === null || authorKey === null) throw new AppError('not_found', 'That message does not exist.');
  if (authorKey !== user.accountKey) throw new AppError('forbidden', NOT_YOUR_MESSAGE);
  const stored = JSON.parse(read) as repo.StoredMessage;
  if (!withinEditWindow(stored.createdAt, now)) throw new AppError('forbidden', EDIT_TOO_LATE);
  if (stored.text === text) return toMessage(stored, true);
  const edited = { ...stored, text, editedAt: new Date(now).toISOString() };
  if (!(await repo.replaceMessage(read, edited))) {
    throw new AppError('conflict', 'The message changed or was deleted meanwhile. Please reload and try again.');
  }
  return toMessage(edited, true);
}

/**
 * Deletes one of the user's own messages, or anyone's for a moderator, with its reactions; a
 * top-level message takes its replies with it. Answers how many replies went with it.
 */
export async function deleteMessage(user: Moderator, id: string): Promise<number> {
  const { outcome, replies } = await repo.deleteMessage(id, user.accountKey, user.session, canModerateForum(user));
  if (outcome === 'unknown') throw new AppError('not_found', NO_SUCH_MESSAGE);
  if (outcome === 'not-theirs') throw new AppError('forbidden', NO_PERMISSION);
  return replies;
}

/** Deletes any message, with its replies (moderation, from the admin CLI). */
export async function deleteAnyMessage(id: string): Promise<void> {
  if ((await repo.deleteMessage(id, '', undefined, true)).outcome === 'unknown') {
    throw new AppError('not_found', `No message with id ${id}.`);
  }
}

/**
 * Gives or takes back the member's reaction on a message or reply: each member gives each reaction
 * at most once, and giving it again (or taking back one not given) changes nothing. One round trip:
 * the session, the rate limit and the change in one script. Answers the message's reactions.
 */
export async function react(user: Member, id: string, { reaction, on }: ReactRequest): Promise<MessageReactions> {
  const result = await repo.react(user.session, LIMITS.reactionsPerUser, user.accountKey, id, reaction, on);
  if (result.wait > 0) throw rateLimited(result.wait);
  if (!('reactions' in result) || !result.reactions) throw new AppError('not_found', NO_SUCH_MESSAGE);
  return result.reactions;
}

// ----- Asking to join -----

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stored request as its visitor reads it. */
function toOwnRequest({ id, status, askedAt, note, decidedAt, dismissed }: repo.StoredJoinRequest): OwnJoinRequest {
  return {
    id,
    status,
    askedAt,
    ...(note ? { note } : {}),
    ...(decidedAt ? { decidedAt } : {}),
    ...(dismissed ? { dismissed: true } : {}),
    ...(status === 'declined' && decidedAt ? { askAgainFrom: askAgainFrom(decidedAt) } : {}),
  };
}

const JOIN_REFUSALS: Record<Exclude<JoinReason, 'too-soon'>, [AppError['code'], string]> = {
  'already-member': ['conflict', 'You are already a member of the forum.'],
  'already-waiting': ['conflict', 'Your request is already waiting for the owner.'],
  'list-full': [
    'conflict',
    'The owner has many requests waiting just now. Please ask again in a few days, when they have caught up.',
  ],
  'address-full': [
    'conflict',
    'A request to join from your network is already waiting for the owner. Please ask again once they have answered it.',
  ],
};

/**
 * Asks the owner to let the signed-in visitor into the forum, with an optional note. One round trip:
 * the session, the account's rate limit and the request in one script, which refuses a member, a
 * second waiting request, a request within ASK_AGAIN_AFTER_DAYS of a decline, a full list and an
 * address past its requests for the day. Answers the request as its visitor reads it.
 */
export async function askToJoin(
  user: SessionUser,
  address: string,
  { note }: AskToJoinRequest,
): Promise<OwnJoinRequest> {
  const now = Date.now();
  const request: repo.StoredJoinRequest = {
    id: crypto.randomUUID(),
    status: 'pending',
    askedAt: new Date(now).toISOString(),
    note,
  };
  const kept = retention(JOIN_REQUEST_KEPT_DAYS, now);
  const { wait, outcome, declinedAt } = await repo.askToJoin(
    user.session,
    LIMITS.joinAsksPerUser,
    user,
    address,
    request,
    {
      perAddress: scaledForLocalRun(JOIN_REQUESTS_WAITING_PER_ADDRESS),
      lapsedBefore: new Date(kept.cutoff).toISOString(),
      declinedAfter: new Date(now - ASK_AGAIN_AFTER_DAYS * DAY_MS).toISOString(),
      ttlSeconds: kept.ttlSeconds,
      maxPending: MAX_PENDING_JOIN_REQUESTS,
      clearance: CLEARANCE.forum,
    },
  );
  if (wait > 0) throw rateLimited(wait);
  switch (outcome) {
    case 'ok':
    case undefined:
      return toOwnRequest(request);
    case 'too-soon':
      throw new AppError<JoinReason>(
        'conflict',
        `You can ask again from ${new Date(askAgainFrom(declinedAt ?? request.askedAt)).toUTCString()}.`,
        {},
        'too-soon',
      );
    default: {
      const [code, message] = JOIN_REFUSALS[outcome];
      throw new AppError<JoinReason>(code, message, {}, outcome);
    }
  }
}

/**
 * The signed-in visitor's request to join (null when they have none), in one round trip with the
 * session check; with a fresh token for the same session when the owner has let them in since
 * their token was signed (src/server/session.ts promotedToken).
 */
export async function ownJoinRequest(user: SessionUser): Promise<Omit<JoinRequestResponse, 'status'>> {
  const { request, account } = await repo.ownJoinRequest(user.session, user.accountKey);
  const token = await promotedToken(user, account);
  return { request: request ? toOwnRequest(request) : null, ...(token ? { token } : {}) };
}

/** Dismisses the notice of the signed-in visitor's decided request: their dashboard no longer shows it. */
export async function dismissJoinRequest(user: Member): Promise<void> {
  await repo.dismissJoinRequest(user.session, user.accountKey);
}

/**
 * The requests waiting for the owner, oldest first (none that lapsed), in one round trip with the
 * owner's session check and the consoles' per-admin limit.
 */
export async function pendingJoinRequests(admin: Admin): Promise<PendingJoinRequest[]> {
  const [reply] = await readAsAdmin(admin, repo.readPendingInto);
  const lapsedBefore = new Date(retention(JOIN_REQUEST_KEPT_DAYS).cutoff).toISOString();
  return repo
    .listedRequests(reply)
    .filter(({ entry }) => entry.askedAt >= lapsedBefore)
    .sort((a, b) => a.entry.askedAt.localeCompare(b.entry.askedAt))
    .map(({ id, entry: { username, note, askedAt } }) => ({ id, username, note, askedAt }));
}

/**
 * The owner's decision on a waiting request. An approval raises the account to the forum's
 * clearance without ending its sessions (a demotion, `npm run admin -- set-clearance`, still ends
 * them): the visitor's next read of their account or request brings a token with the forum. Two
 * round trips: the list entry read with the owner's session check and limit, then the decision,
 * made only if that entry is still there as read.
 */
export async function decideJoinRequest(
  admin: Admin,
  { id, decision }: { id: string; decision: JoinDecision },
): Promise<Omit<DecideJoinResponse, 'status'>> {
  const [json] = await readAsAdmin(admin, (pipe) => repo.readPendingEntryInto(pipe, id));
  const gone = new AppError('not_found', 'That request is no longer waiting: it was decided, withdrawn or lapsed.');
  if (typeof json !== 'string') throw gone;
  const entry = JSON.parse(json) as repo.ListedJoinRequest;
  const decided: repo.StoredJoinRequest = {
    id,
    status: decision === 'approve' ? 'approved' : 'declined',
    askedAt: entry.askedAt,
    note: entry.note,
    decidedAt: new Date().toISOString(),
  };
  const outcome = await repo.decideJoin(
    sessionOf(admin),
    id,
    json,
    entry,
    decision,
    decided,
    retention(JOIN_REQUEST_KEPT_DAYS).ttlSeconds,
    CLEARANCE.forum,
  );
  if (outcome === 'gone') throw gone;
  if (outcome === 'no-account') throw new AppError('not_found', `The account ${entry.username} no longer exists.`);
  return { decision, username: entry.username };
}
