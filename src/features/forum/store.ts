// The forum page's state and actions (SPEC sections 2, 4, 5): the messages, the message being
// typed, Post, and Delete on one's own messages. Failures are logged, except the permission and
// length alerts the spec names.
import { atom, onMount, task } from 'nanostores';
import { ApiError } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import { deleteForumMessage, fetchMessages, postForumMessage } from './api-client.ts';
import { isAuthor, postProblem } from './logic.ts';
import { type ForumMessage, NO_PERMISSION } from './schema.ts';

/** How often 'Posted … ago' is brought up to date while the page is open. */
const REFRESH_MS = 30_000;

/** The messages, oldest first; null until the first load answers. */
export const $messages = atom<ForumMessage[] | null>(null);
/** The message being typed. */
export const $draft = atom('');
/** The permission or length alert ('' when there is none). */
export const $alert = atom('');
/** Whether the last load failed (an ended session, say): the list then never claims to be empty. */
export const $loadFailed = atom(false);
/** Whether a post is on its way. */
export const $posting = atom(false);
/** The moment the messages' ages are measured from, kept current while someone shows them. */
export const $now = atom(Date.now());

// The page's first look at the messages loads them.
onMount($messages, () => {
  void loadMessages();
});

onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), REFRESH_MS);
  return () => clearInterval(timer);
});

/** (Re)loads the messages; a failure is logged and leaves those already shown (none at first). */
export function loadMessages(): Promise<void> {
  return task(async () => {
    try {
      $messages.set(await fetchMessages());
      $loadFailed.set(false);
    } catch (error) {
      console.error('Failed to fetch messages.', error);
      $loadFailed.set(true);
    }
  });
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
    await loadMessages();
  } catch (error) {
    console.error('Failed to post the message.', error);
  } finally {
    $posting.set(false);
  }
}

/** Deletes one of the session user's messages and reloads the messages; anyone else's raises the permission alert. */
export async function deleteMessage(message: ForumMessage): Promise<void> {
  if (!isAuthor(message, $user.get().username)) return $alert.set(NO_PERMISSION);
  $alert.set('');
  try {
    await deleteForumMessage(message._id);
    await loadMessages();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) $alert.set(error.message);
    else console.error('Failed to delete the message.', error);
  }
}
