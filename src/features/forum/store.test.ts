import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../tests/setup/browser-session.ts';
import type { ForumMessage, MessagesResponse } from './schema.ts';

const api = vi.hoisted(() => ({
  fetchMessages: vi.fn<(query?: { before?: string; limit?: number }) => Promise<MessagesResponse>>(),
  fetchForumVersion: vi.fn<() => Promise<string>>(),
  postForumMessage: vi.fn<(text: string) => Promise<unknown>>(),
  editForumMessage: vi.fn<(id: string, text: string) => Promise<ForumMessage>>(),
  deleteForumMessage: vi.fn<(id: string) => Promise<unknown>>(),
}));

/** A page of messages as the API answers it. */
const page = (messages: ForumMessage[], older: string | null = null, version = '1'): MessagesResponse => ({
  status: 'Success',
  messages,
  older,
  version,
});
vi.mock('./api-client.ts', () => api);

const message = (id: string, username: string, text = `from ${username}`): ForumMessage => ({
  _id: id,
  text,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: { username },
});
/** A message of the reader's own account, as the server marks it. */
const own = (id: string, username: string, text?: string): ForumMessage => ({
  ...message(id, username, text),
  own: true,
});

// A fresh store per test, mounted the way the island mounts it.
async function openForum(session = 'ada', clearance = 2) {
  vi.resetModules();
  const auth = await import('../../platform/session.ts');
  if (session) auth.setToken(tokenFor({ username: session, clearance }));
  const { ApiError } = await import('../../platform/api-client.ts');
  const store = await import('./store.ts');
  store.$messages.listen(() => undefined);
  return { ...store, ApiError };
}

describe('forum store', () => {
  let forum: Awaited<ReturnType<typeof openForum>> | undefined;
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    if (forum) cleanStores(forum.$messages, forum.$now);
    forum = undefined;
  });

  it('loads the messages when the page first shows them', async () => {
    api.fetchMessages.mockResolvedValue(page([message('1', 'bob')]));
    forum = await openForum();
    await allTasks();
    expect(forum.$messages.get()).toEqual([message('1', 'bob')]);
    expect(api.fetchMessages).toHaveBeenCalledTimes(1);
  });

  it('says the first load failed (never an empty forum), and keeps the list when a reload fails', async () => {
    api.fetchMessages.mockRejectedValueOnce(new Error('down'));
    forum = await openForum();
    await allTasks();
    expect(forum.$messages.get()).toBeNull();
    expect(forum.$loadFailed.get()).toBe(true);
    api.fetchMessages.mockResolvedValueOnce(page([message('1', 'bob')])).mockRejectedValueOnce(new Error('down'));
    await forum.loadMessages();
    expect(forum.$loadFailed.get()).toBe(false);
    await forum.loadMessages();
    expect(forum.$messages.get()).toEqual([message('1', 'bob')]);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch messages.', expect.any(Error));
  });

  it('posts the draft, empties it and shows the new list', async () => {
    api.fetchMessages.mockResolvedValueOnce(page([]));
    forum = await openForum();
    await allTasks();
    api.postForumMessage.mockResolvedValueOnce({ status: 'Success' });
    api.fetchMessages.mockResolvedValueOnce(page([message('1', 'ada', 'Hello')]));
    forum.editDraft('Hello');
    const posted = forum.postDraft();
    expect(forum.$posting.get()).toBe(true);
    await posted;
    expect(api.postForumMessage).toHaveBeenCalledWith('Hello');
    expect(forum.$draft.get()).toBe('');
    expect(forum.$posting.get()).toBe(false);
    expect(forum.$messages.get()).toEqual([message('1', 'ada', 'Hello')]);
  });

  it('keeps the draft when the post fails, and sends neither blank nor too-long messages', async () => {
    api.fetchMessages.mockResolvedValue(page([]));
    forum = await openForum();
    await allTasks();
    api.postForumMessage.mockRejectedValueOnce(new Error('down'));
    forum.editDraft('Hello');
    await forum.postDraft();
    expect(forum.$draft.get()).toBe('Hello');
    expect(forum.$posting.get()).toBe(false);
    expect(console.error).toHaveBeenCalledWith('Failed to post the message.', expect.any(Error));

    forum.editDraft('   ');
    await forum.postDraft();
    forum.editDraft('x'.repeat(3001));
    await forum.postDraft();
    expect(forum.$alert.get()).toBe('Message cannot exceed 3000 characters.');
    expect(api.postForumMessage).toHaveBeenCalledTimes(1);
    // Typing again clears the alert.
    forum.editDraft('x');
    expect(forum.$alert.get()).toBe('');
  });

  it("deletes the user's own message and reloads; refuses anyone else's", async () => {
    api.fetchMessages.mockResolvedValueOnce(page([own('1', 'Ada'), message('2', 'bob')]));
    forum = await openForum('ada');
    await allTasks();
    api.deleteForumMessage.mockResolvedValueOnce({ status: 'Success' });
    api.fetchMessages.mockResolvedValueOnce(page([message('2', 'bob')]));
    await forum.deleteMessage(own('1', 'Ada'));
    expect(api.deleteForumMessage).toHaveBeenCalledWith('1');
    expect(forum.$messages.get()).toEqual([message('2', 'bob')]);

    await forum.deleteMessage(message('2', 'bob'));
    expect(forum.$alert.get()).toBe('You do not have permission to delete this message.');
    // A message under the reader's name that the server does not mark as theirs (an earlier,
    // deleted account's) is anyone else's.
    await forum.deleteMessage(message('3', 'ada'));
    expect(forum.$alert.get()).toBe('You do not have permission to delete this message.');
    expect(api.deleteForumMessage).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a delete, and only logs other failures", async () => {
    api.fetchMessages.mockResolvedValue(page([own('1', 'ada')]));
    forum = await openForum('ada');
    await allTasks();
    api.deleteForumMessage.mockRejectedValueOnce(new forum.ApiError(403, 'Not yours.'));
    await forum.deleteMessage(own('1', 'ada'));
    expect(forum.$alert.get()).toBe('Not yours.');

    api.deleteForumMessage.mockRejectedValueOnce(new Error('down'));
    await forum.deleteMessage(own('1', 'ada'));
    expect(forum.$alert.get()).toBe('');
    expect(console.error).toHaveBeenCalledWith('Failed to delete the message.', expect.any(Error));
    expect(forum.$messages.get()).toEqual([own('1', 'ada')]);
  });

  it('asks for the newest page first, then loads older pages above it by cursor', async () => {
    api.fetchMessages.mockResolvedValueOnce(page([message('3', 'bob'), message('4', 'bob')], '3'));
    forum = await openForum();
    await allTasks();
    expect(api.fetchMessages).toHaveBeenLastCalledWith({ limit: 50 });
    expect(forum.$older.get()).toBe('3');
    api.fetchMessages.mockResolvedValueOnce(page([message('1', 'bob'), message('2', 'bob')], null));
    await forum.loadOlder();
    expect(api.fetchMessages).toHaveBeenLastCalledWith({ before: '3', limit: 50 });
    expect(forum.$messages.get()!.map((shown) => shown._id)).toEqual(['1', '2', '3', '4']);
    expect(forum.$older.get()).toBeNull();
    await forum.loadOlder(); // nothing older: no call
    expect(api.fetchMessages).toHaveBeenCalledTimes(2);
    // A reload rereads as many as are shown (at least a page), keeping the older ones.
    api.fetchMessages.mockResolvedValueOnce(page([message('1', 'bob'), message('2', 'bob'), message('4', 'bob')]));
    await forum.loadMessages();
    expect(api.fetchMessages).toHaveBeenLastCalledWith({ limit: 50 });
    expect(forum.$messages.get()!.map((shown) => shown._id)).toEqual(['1', '2', '4']);
  });

  it('edits the user’s own message in place; shows why the server refused an edit', async () => {
    api.fetchMessages.mockResolvedValue(page([own('1', 'ada', 'Draft')]));
    forum = await openForum('ada');
    await allTasks();
    forum.startEditing(own('1', 'ada', 'Draft'));
    expect(forum.$editing.get()).toEqual({ id: '1', text: 'Draft' });
    forum.changeEdit('Final');
    api.editForumMessage.mockResolvedValueOnce({
      ...own('1', 'ada', 'Final'),
      editedAt: '2026-11-20T10:05:00.000Z',
    });
    await forum.saveEdit();
    expect(api.editForumMessage).toHaveBeenCalledWith('1', 'Final');
    expect(forum.$editing.get()).toBeNull();
    expect(forum.$messages.get()![0]).toMatchObject({ text: 'Final', editedAt: '2026-11-20T10:05:00.000Z' });

    forum.startEditing(own('1', 'ada', 'Final'));
    forum.changeEdit('Too late');
    api.editForumMessage.mockRejectedValueOnce(new forum.ApiError(403, 'A message can be edited for 15 minutes.'));
    await forum.saveEdit();
    expect(forum.$alert.get()).toBe('A message can be edited for 15 minutes.');
    expect(forum.$editing.get()).toEqual({ id: '1', text: 'Too late' });
  });

  it('asks a moderator before deleting someone else’s message, then deletes it', async () => {
    api.fetchMessages.mockResolvedValue(page([message('1', 'bob')]));
    forum = await openForum('mod', 3);
    await allTasks();
    await forum.deleteMessage(message('1', 'bob'));
    expect(api.deleteForumMessage).not.toHaveBeenCalled();
    expect(forum.$confirmingDelete.get()).toEqual(message('1', 'bob'));
    api.deleteForumMessage.mockResolvedValueOnce({ status: 'Success' });
    api.fetchMessages.mockResolvedValueOnce(page([]));
    await forum.confirmDelete(message('1', 'bob'));
    expect(api.deleteForumMessage).toHaveBeenCalledWith('1');
    expect(forum.$confirmingDelete.get()).toBeNull();
    expect(forum.$messages.get()).toEqual([]);
  });

  it("keeps the messages' ages current while they are shown", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      api.fetchMessages.mockResolvedValue(page([]));
      forum = await openForum();
      const unbind = forum.$now.listen(() => undefined);
      const start = forum.$now.get();
      vi.advanceTimersByTime(30_000);
      expect(forum.$now.get()).toBe(start + 30_000);
      unbind();
    } finally {
      vi.useRealTimers();
    }
  });
});
