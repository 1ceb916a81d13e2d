// The forum page's state and actions (SPEC sections 2, 4, 5): the newest messages, then
// older ones a page at a time, the message being typed and its preview, Post, editing one's own
// message within EDIT_WINDOW_MINUTES, Delete on one's own messages and, for a moderator, on anyone's
// after a confirmation. While the page is visible it checks the forum's version every few seconds
// and reloads only when something changed. Failures are logged, except the permission and length
// alerts the spec names and the server's reason an edit or a moderator's delete was refused.
import { atom, onMount, task } from 'nanostores';
import { canModerateForum } from '../../lib/policy.ts';
import { ApiError } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import { whileVisible } from '../../platform/while-visible.ts';
import {
  deleteForumMessage,
  editForumMessage,
  fetchForumVersion,
  fetchMessages,
  postForumMessage,
} from './api-client.ts';
import { isOwn, postProblem } from './logic.ts';
import { type ForumMessage, MAX_PAGE_SIZE, NO_PERMISSION, PAGE_SIZE } from './schema.ts';

/** How often 'Posted … ago' is brought up to date while the page is open. */
const AGE_REFRESH_MS = 30_000;
/** How often an open, visible page asks whether anything changed. */
export const CHECK_MS = 5000;

/** The messages loaded so far, oldest first; null until the first load answers. */
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
/** A moderator's delete of someone else's message waiting for confirmation, or null. */
export const $confirmingDelete = atom<ForumMessage | null>(null);
/** The permission or length alert, or why an edit or delete was refused ('' when there is none). */
export const $alert = atom('');
/** Whether the last load failed (an ended session, say): the list then never claims to be empty. */
export const $loadFailed = atom(false);
/** Whether a post is on its way. */
export const $posting = atom(false);
/** The moment the messages' ages are measured from, kept current while someone shows them. */
export const $now = atom(Date.now());

/** The forum's version when the shown messages were read. */
let version = '';

// The page's first look at the messages loads them, and keeps them current while it is visible.
onMount($messages, () => {
  void loadMessages();
  return whileVisible(async () => {
    if ((await fetchForumVersion()) !== version) await loadMessages();
  }, CHECK_MS);
});

onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), AGE_REFRESH_MS);
  return () => clearInterval(timer);
});

/**
 * (Re)loads the newest messages, as many as are shown (one read covers at most MAX_PAGE_SIZE; older
 * ones loaded beyond that stay as they were). A failure is logged and leaves those already shown.
 */
export function loadMessages(): Promise<void> {
  return task(async () => {
    const shown = $messages.get() ?? [];
    const limit = Math.min(Math.max(shown.length, PAGE_SIZE), MAX_PAGE_SIZE);
    try {
      const page = await fetchMessages({ limit });
      const fresh = new Set(page.messages.map((message) => message._id));
      const beyond = shown.slice(0, Math.max(0, shown.length - limit)).filter((message) => !fresh.has(message._id));
      $messages.set([...beyond, ...page.messages]);
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

/** Saves the edit: the message shows its new text at once; a refusal (too late, say) is shown. */
export async function saveEdit(): Promise<void> {
  const editing = $editing.get();
  if (!editing || !editing.text.trim()) return;
  const problem = postProblem(editing.text);
  $alert.set(problem ?? '');
  if (problem) return;
  try {
    const saved = await editForumMessage(editing.id, editing.text);
    $messages.set(($messages.get() ?? []).map((message) => (message._id === saved._id ? saved : message)));
    $editing.set(null);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) $alert.set(error.message);
    else console.error('Failed to edit the message.', error);
  }
}

/**
 * Deletes a message and reloads the messages: at once for one's own; a moderator's delete of
 * anyone else's asks first (confirmDelete runs it). Anyone else raises the permission alert.
 */
export async function deleteMessage(message: ForumMessage): Promise<void> {
  const user = $user.get();
  if (!isOwn(message)) {
    if (canModerateForum(user)) return $confirmingDelete.set(message);
    return $alert.set(NO_PERMISSION);
  }
  await removeMessage(message);
}

/** Runs the moderator's confirmed delete. */
export async function confirmDelete(message: ForumMessage): Promise<void> {
  $confirmingDelete.set(null);
  await removeMessage(message);
}

async function removeMessage(message: ForumMessage): Promise<void> {
  $alert.set('');
  try {
    await deleteForumMessage(message._id);
    $messages.set(($messages.get() ?? []).filter((shown) => shown._id !== message._id));
    await loadMessages();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) $alert.set(error.message);
    else console.error('Failed to delete the message.', error);
  }
}
