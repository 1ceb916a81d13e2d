// The forum page's state and actions (SPEC sections 2, 4, 5): messages a page at a time, Post,
// Edit, Delete, the replies and reactions under each, and the visitor's request to join. While the
// page is visible it checks the forum's version every few seconds and reloads only on a change.
// Failures are logged, except the alerts the spec names and the server's reason for a refusal.
import { atom, onMount, task } from 'nanostores';
import { loadMarkdown } from '../../components/markdown/renderer.ts';
import { canModerateForum } from '../../lib/policy.ts';
import { ApiError, refusalReason } from '../../platform/api-client.ts';
import { $user, setToken } from '../../platform/session.ts';
import { whileVisible } from '../../platform/while-visible.ts';
import {
  askToJoin,
  deleteForumMessage,
  editForumMessage,
  fetchForumVersion,
  fetchJoinRequest,
  fetchMessages,
  fetchReplies,
  postForumMessage,
  reactTo,
} from './api-client.ts';
import {
  authorOf,
  hasMarkdown,
  hasReacted,
  isOwn,
  postProblem,
  reactionAnnouncement,
  threadOf,
  withReaction,
} from './logic.ts';
import {
  type ForumMessage,
  type JoinReason,
  MAX_PAGE_SIZE,
  MAX_REPLIES,
  NO_PERMISSION,
  PAGE_SIZE,
  REPLIES_PAGE_SIZE,
  REPLIES_SHOWN,
  type OwnJoinRequest,
  type ReactionId,
} from './schema.ts';

/** How often 'Posted … ago' is brought up to date while the page is open. */
const AGE_REFRESH_MS = 30_000;
/** How often an open, visible page asks whether anything changed. */
export const CHECK_MS = 5000;

/** The messages loaded so far, oldest first, each with the replies loaded so far; null until the first load answers. */
export const $messages = atom<ForumMessage[] | null>(null);
/** The cursor of the next older page, or null when the oldest message is loaded. */
export const $older = atom<string | null>(null);
/** Whether an older page is on its way. */
export const $loadingOlder = atom(false);
/** The message being typed. */
export const $draft = atom('');
/** Whether the message being typed shows as it will read (markdown) instead of as typed. */
export const $preview = atom(false);
/** The message being edited and its new text, or null. */
export const $editing = atom<{ id: string; text: string } | null>(null);
/** A delete waiting for confirmation (a moderator's of someone else's, or one that takes replies with it), or null. */
export const $confirmingDelete = atom<ForumMessage | null>(null);
/** The permission or length alert, or why an edit or delete was refused ('' when there is none). */
export const $alert = atom('');
/** Whether the last load failed (an ended session, say): the list then never claims to be empty. */
export const $loadFailed = atom(false);
/** Whether a post is on its way. */
export const $posting = atom(false);
/** The moment the messages' ages are measured from, kept current while someone shows them. */
export const $now = atom(Date.now());
/**
 * The reply box: the top-level message it answers, the message whose Reply opened it (where the
 * focus goes back), the reply being typed and whether it is on its way; null when closed.
 */
export const $replying = atom<{ to: string; from: string; text: string; sending: boolean } | null>(null);
/** The threads whose further replies are on their way ("Load more replies"). */
export const $loadingReplies = atom<ReadonlySet<string>>(new Set());
/**
 * Replies the reader posted to a thread whose earlier replies are not all shown, by thread: shown
 * after "Load more replies" until loading reaches them.
 */
export const $tails = atom<Readonly<Record<string, ForumMessage[]>>>({});
/** What the polite status line says last ('' at first): a reaction given or taken back. */
export const $announcement = atom('');

/** The forum's version when the shown messages were read. */
let version = '';

// The page's first look at the messages loads them, and keeps them current while it is visible.
onMount($messages, () => {
  void loadMessages();
  return whileVisible(async () => {
    if ((await fetchForumVersion()).version !== version) await loadMessages();
  }, CHECK_MS);
});

onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), AGE_REFRESH_MS);
  return () => clearInterval(timer);
});

/** Changes every message (top-level or reply, shown or in a tail) whose id is `id`. */
function updateMessage(id: string, change: (message: ForumMessage) => ForumMessage): void {
  const each = (message: ForumMessage): ForumMessage => {
    const changed = message._id === id ? change(message) : message;
    return changed.replies?.some((reply) => reply._id === id)
      ? { ...changed, replies: changed.replies.map((reply) => (reply._id === id ? change(reply) : reply)) }
      : changed;
  };
  $messages.set(($messages.get() ?? []).map(each));
  const tails = $tails.get();
  if (Object.values(tails).some((tail) => tail.some((reply) => reply._id === id))) {
    $tails.set(Object.fromEntries(Object.entries(tails).map(([thread, tail]) => [thread, tail.map(each)])));
  }
}

/** Finds a message, top-level or a reply, shown or in a tail. */
function findMessage(id: string): ForumMessage | undefined {
  for (const message of $messages.get() ?? []) {
    if (message._id === id) return message;
    const reply = message.replies?.find((shown) => shown._id === id);
    if (reply) return reply;
  }
  return Object.values($tails.get())
    .flat()
    .find((reply) => reply._id === id);
}

/** Keeps in each thread's tail only the replies its loaded replies have not reached. */
function trimTails(messages: ForumMessage[]): void {
  const tails = $tails.get();
  if (Object.keys(tails).length === 0) return;
  const byId = new Map(messages.map((message) => [message._id, message]));
  const kept = Object.entries(tails).flatMap(([thread, tail]) => {
    const message = byId.get(thread);
    if (!message) return [];
    const loaded = new Set(message.replies?.map((reply) => reply._id));
    const left = message.moreReplies ? tail.filter((reply) => !loaded.has(reply._id)) : [];
    return left.length ? [[thread, left] as const] : [];
  });
  $tails.set(Object.fromEntries(kept));
}

/** Whether a message or one of its replies shown has markdown in it. */
const needsRenderer = (message: ForumMessage) =>
  hasMarkdown(message.text) || (message.replies ?? []).some((reply) => hasMarkdown(reply.text));

/**
 * (Re)loads the newest messages, as many as are shown (one read covers at most MAX_PAGE_SIZE; older
 * ones loaded beyond that stay as they were), and the replies of each thread opened beyond its
 * first few, as many as were shown. A failure is logged and leaves those already shown.
 */
export function loadMessages(): Promise<void> {
  return task(async () => {
    const shown = $messages.get() ?? [];
    const limit = Math.min(Math.max(shown.length, PAGE_SIZE), MAX_PAGE_SIZE);
    try {
      const page = await fetchMessages({ limit });
      const opened = new Map(
        shown
          .filter((message) => (message.replies?.length ?? 0) > REPLIES_SHOWN)
          .map((message) => [message._id, message.replies!.length]),
      );
      const messages = await Promise.all(
        page.messages.map(async (message) => {
          const count = opened.get(message._id);
          if (count === undefined || !message.moreReplies) return message;
          const replies = await fetchReplies(message._id, { limit: Math.min(count, MAX_REPLIES) });
          const { moreReplies: _more, ...rest } = message;
          return {
            ...rest,
            replies: replies.replies,
            replyCount: replies.replyCount,
            ...(replies.more ? { moreReplies: replies.more } : {}),
          };
        }),
      );
      const fresh = new Set(messages.map((message) => message._id));
      const beyond = shown.slice(0, Math.max(0, shown.length - limit)).filter((message) => !fresh.has(message._id));
      // The first messages show once the renderer is there if any needs it: drawn as typed, then
      // redrawn, they would move the page.
      if ($messages.get() === null && messages.some(needsRenderer)) await loadMarkdown();
      $messages.set([...beyond, ...messages]);
      trimTails(messages);
      if (beyond.length === 0) $older.set(page.older);
      version = page.version;
      $loadFailed.set(false);
    } catch (error) {
      console.error('Failed to fetch messages.', error);
      $loadFailed.set(true);
    }
  });
}

/** Loads the next older page above those shown. */
export async function loadOlder(): Promise<void> {
  const before = $older.get();
  if (!before || $loadingOlder.get()) return;
  $loadingOlder.set(true);
  try {
    const page = await fetchMessages({ before, limit: PAGE_SIZE });
    const shown = $messages.get() ?? [];
    const known = new Set(shown.map((message) => message._id));
    $messages.set([...page.messages.filter((message) => !known.has(message._id)), ...shown]);
    $older.set(page.older);
  } catch (error) {
    console.error('Failed to fetch older messages.', error);
  } finally {
    $loadingOlder.set(false);
  }
}

/** "Load more replies": the next replies of a thread, after those shown. */
export async function loadMoreReplies(thread: string): Promise<void> {
  const message = ($messages.get() ?? []).find((shown) => shown._id === thread);
  const after = message?.moreReplies;
  if (!after || $loadingReplies.get().has(thread)) return;
  $loadingReplies.set(new Set([...$loadingReplies.get(), thread]));
  try {
    const page = await fetchReplies(thread, { after, limit: REPLIES_PAGE_SIZE });
    const current = ($messages.get() ?? []).find((shown) => shown._id === thread);
    if (current) {
      const known = new Set(current.replies?.map((reply) => reply._id));
      const { moreReplies: _more, ...rest } = current;
      const updated: ForumMessage = {
        ...rest,
        replies: [...(current.replies ?? []), ...page.replies.filter((reply) => !known.has(reply._id))],
        replyCount: page.replyCount,
        ...(page.more ? { moreReplies: page.more } : {}),
      };
      $messages.set(($messages.get() ?? []).map((shown) => (shown._id === thread ? updated : shown)));
      trimTails($messages.get() ?? []);
    }
  } catch (error) {
    console.error('Failed to fetch more replies.', error);
  } finally {
    const loading = new Set($loadingReplies.get());
    loading.delete(thread);
    $loadingReplies.set(loading);
  }
}

/** Replaces the message being typed, clearing the alert. */
export function editDraft(text: string): void {
  $draft.set(text);
  $alert.set('');
}

/** Posts the message being typed and reloads the messages, unless it is blank, too long, or a post is on its way. */
export async function postDraft(): Promise<void> {
  const text = $draft.get();
  if (!text.trim() || $posting.get()) return;
  const problem = postProblem(text);
  $alert.set(problem ?? '');
  if (problem) return;
  $posting.set(true);
  try {
    await postForumMessage(text);
    $draft.set('');
    $preview.set(false);
    await loadMessages();
  } catch (error) {
    console.error('Failed to post the message.', error);
  } finally {
    $posting.set(false);
  }
}

/**
 * Opens the reply box under the thread of `message` (its own, or its top-level message's for a
 * reply), starting with a mention of the author when answering someone else's reply.
 */
export function startReply(message: ForumMessage): void {
  $alert.set('');
  const to = threadOf(message);
  const mention = message.replyTo && !isOwn(message) && message.user ? `@${authorOf(message)} ` : '';
  const open = $replying.get();
  $replying.set({ to, from: message._id, text: open?.to === to && open.text ? open.text : mention, sending: false });
}

export function changeReply(text: string): void {
  const replying = $replying.get();
  if (replying) $replying.set({ ...replying, text });
  $alert.set('');
}

export function cancelReply(): void {
  $replying.set(null);
}

/**
 * Sends the reply being typed, unless it is blank, too long or on its way. It shows at the end of
 * its thread at once: among the replies when all are shown, else after "Load more replies".
 */
export async function sendReply(): Promise<void> {
  const replying = $replying.get();
  if (!replying || !replying.text.trim() || replying.sending) return;
  const problem = postProblem(replying.text);
  $alert.set(problem ?? '');
  if (problem) return;
  $replying.set({ ...replying, sending: true });
  try {
    const { message: reply } = await postForumMessage(replying.text, replying.to);
    $replying.set(null);
    const thread = ($messages.get() ?? []).find((shown) => shown._id === replying.to);
    if (thread) {
      const count = (thread.replyCount ?? 0) + 1;
      if (thread.moreReplies) {
        $messages.set(
          ($messages.get() ?? []).map((shown) => (shown === thread ? { ...thread, replyCount: count } : shown)),
        );
        $tails.set({ ...$tails.get(), [thread._id]: [...($tails.get()[thread._id] ?? []), reply] });
      } else {
        const updated = { ...thread, replyCount: count, replies: [...(thread.replies ?? []), reply] };
        $messages.set(($messages.get() ?? []).map((shown) => (shown === thread ? updated : shown)));
      }
    }
  } catch (error) {
    $replying.set({ ...replying, sending: false });
    if (error instanceof ApiError && error.status < 500) $alert.set(error.message);
    else console.error('Failed to post the reply.', error);
  }
}

/** Opens one of the user's messages for editing, with its text. */
export function startEditing(message: ForumMessage): void {
  $alert.set('');
  $editing.set({ id: message._id, text: message.text });
}

export function changeEdit(text: string): void {
  const editing = $editing.get();
  if (editing) $editing.set({ ...editing, text });
}

export function cancelEditing(): void {
  $editing.set(null);
}

/**
 * Saves the edit: the message shows its new text at once (keeping its replies and
 * reactions); a refusal (too late, say) is shown.
 */
export async function saveEdit(): Promise<void> {
  const editing = $editing.get();
  if (!editing || !editing.text.trim()) return;
  const problem = postProblem(editing.text);
  $alert.set(problem ?? '');
  if (problem) return;
  try {
    const { message: saved } = await editForumMessage(editing.id, editing.text);
    updateMessage(saved._id, (message) => ({
      ...message,
      text: saved.text,
      ...(saved.editedAt ? { editedAt: saved.editedAt } : {}),
    }));
    $editing.set(null);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) $alert.set(error.message);
    else console.error('Failed to edit the message.', error);
  }
}

/**
 * Deletes a message and reloads the messages: at once for one's own without replies; a moderator's
 * delete of anyone else's, and a delete that takes replies with it, ask first (confirmDelete runs
 * it). Anyone else raises the permission alert.
 */
export async function deleteMessage(message: ForumMessage): Promise<void> {
  const user = $user.get();
  if (!isOwn(message)) {
    if (canModerateForum(user)) return $confirmingDelete.set(message);
    return $alert.set(NO_PERMISSION);
  }
  if ((message.replyCount ?? 0) > 0) return $confirmingDelete.set(message);
  await removeMessage(message);
}

/** Runs the confirmed delete. */
export async function confirmDelete(message: ForumMessage): Promise<void> {
  $confirmingDelete.set(null);
  await removeMessage(message);
}

async function removeMessage(message: ForumMessage): Promise<void> {
  $alert.set('');
  try {
    await deleteForumMessage(message._id);
    const thread = message.replyTo;
    $messages.set(
      ($messages.get() ?? [])
        .filter((shown) => shown._id !== message._id)
        .map((shown) =>
          shown._id === thread
            ? {
                ...shown,
                replyCount: Math.max(0, (shown.replyCount ?? 1) - 1),
                replies: shown.replies?.filter((reply) => reply._id !== message._id),
              }
            : shown,
        ),
    );
    if (thread && $tails.get()[thread]) {
      $tails.set({ ...$tails.get(), [thread]: $tails.get()[thread]!.filter((reply) => reply._id !== message._id) });
    }
    await loadMessages();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) $alert.set(error.message);
    else console.error('Failed to delete the message.', error);
  }
}

/** Reactions on their way, by '<message id> <reaction>': a second click waits for the first. */
const reacting = new Set<string>();

/** Says `text` in the status line, even when it says the same again. */
function announce(text: string): void {
  $announcement.set($announcement.get() === text ? `${text}\u00a0` : text);
}

/**
 * Gives the reader's reaction on a message or reply, or takes it back when given: shown at once,
 * then as the server counted it, and said in the status line; a failure puts it back as it was.
 */
export async function toggleReaction(id: string, reaction: ReactionId): Promise<void> {
  const message = findMessage(id);
  const key = `${id} ${reaction}`;
  if (!message || reacting.has(key)) return;
  const on = !hasReacted(message, reaction);
  reacting.add(key);
  updateMessage(id, (shown) => withReaction(shown, reaction, on));
  try {
    const { reactions, reacted } = await reactTo(id, reaction, on);
    updateMessage(id, ({ reactions: _counts, reacted: _mine, ...rest }) => ({
      ...rest,
      ...(reactions ? { reactions } : {}),
      ...(reacted ? { reacted } : {}),
    }));
    announce(reactionAnnouncement(reaction, on));
  } catch (error) {
    updateMessage(id, (shown) => withReaction(shown, reaction, !on));
    if (error instanceof ApiError && error.status < 500) $alert.set(error.message);
    else console.error('Failed to react.', error);
  } finally {
    reacting.delete(key);
  }
}

// ----- Asking to join: what a signed-in visitor below the forum's clearance sees -----

/** The visitor's request to join: loading, failed, or what the server answered (null: none). */
export const $joinRequest = atom<
  { status: 'loading' | 'failed' } | { status: 'ready'; request: OwnJoinRequest | null }
>({
  status: 'loading',
});
/** The note for the owner being typed. */
export const $joinNote = atom('');
/** Asking: idle, on its way, or refused with what to say. */
export const $asking = atom<{ status: 'idle' | 'sending' } | { status: 'refused'; error: string }>({ status: 'idle' });

// The closed forum's first look loads the visitor's request; a token with the forum, when the owner
// let them in meanwhile, takes the session's place, and the forum shows instead.
onMount($joinRequest, () => {
  void loadJoinRequest();
});

/** (Re)loads the visitor's request, keeping the fresh token it may bring. */
export function loadJoinRequest(): Promise<void> {
  return task(async () => {
    try {
      const { request, token } = await fetchJoinRequest();
      $joinRequest.set({ status: 'ready', request });
      if (token) setToken(token);
    } catch (error) {
      console.error('Failed to fetch the request to join.', error);
      $joinRequest.set({ status: 'failed' });
    }
  });
}

export function editJoinNote(note: string): void {
  $joinNote.set(note);
  if ($asking.get().status === 'refused') $asking.set({ status: 'idle' });
}

/** Asks the owner to let the visitor in, with the note; a refusal is said, and a request already there shown. */
export async function sendJoinRequest(): Promise<void> {
  if ($asking.get().status === 'sending') return;
  $asking.set({ status: 'sending' });
  try {
    const { request } = await askToJoin($joinNote.get().trim());
    $joinRequest.set({ status: 'ready', request });
    $joinNote.set('');
    $asking.set({ status: 'idle' });
  } catch (error) {
    const reason = refusalReason<JoinReason>(error);
    switch (reason) {
      case 'already-waiting':
      case 'already-member':
        $asking.set({ status: 'idle' });
        await loadJoinRequest();
        return;
      case 'too-soon':
      case 'list-full':
      case 'address-full':
      case undefined:
        break;
    }
    if (!(error instanceof ApiError)) console.error('Failed to ask to join.', error);
    const message =
      error instanceof ApiError
        ? error.message
        : 'Your request could not be sent. Please check your connection and try again.';
    $asking.set({ status: 'refused', error: message });
  }
}
