import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../tests/setup/browser-session.ts';
import type { ForumMessage } from './schema.ts';

const api = vi.hoisted(() => ({
  fetchMessages: vi.fn<() => Promise<ForumMessage[]>>(),
  postForumMessage: vi.fn<(text: string) => Promise<unknown>>(),
  deleteForumMessage: vi.fn<(id: string) => Promise<unknown>>(),
}));
vi.mock('./api-client.ts', () => api);

const message = (id: string, username: string, text = `from ${username}`): ForumMessage => ({
  _id: id,
  text,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: { username },
});

// A fresh store per test, mounted the way the island mounts it.
async function openForum(session = 'ada') {
  vi.resetModules();
  const auth = await import('../../platform/session.ts');
  if (session) auth.setToken(tokenFor({ username: session }));
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
    api.fetchMessages.mockResolvedValue([message('1', 'bob')]);
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
    api.fetchMessages.mockResolvedValueOnce([message('1', 'bob')]).mockRejectedValueOnce(new Error('down'));
    await forum.loadMessages();
    expect(forum.$loadFailed.get()).toBe(false);
    await forum.loadMessages();
    expect(forum.$messages.get()).toEqual([message('1', 'bob')]);
    expect(console.error).toHaveBeenCalledWith('Failed to fetch messages.', expect.any(Error));
  });

  it('posts the draft, empties it and shows the new list', async () => {
    api.fetchMessages.mockResolvedValueOnce([]);
    forum = await openForum();
    await allTasks();
    api.postForumMessage.mockResolvedValueOnce({ status: 'Success' });
    api.fetchMessages.mockResolvedValueOnce([message('1', 'ada', 'Hello')]);
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
    api.fetchMessages.mockResolvedValue([]);
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
    api.fetchMessages.mockResolvedValueOnce([message('1', 'Ada'), message('2', 'bob')]);
    forum = await openForum('ada');
    await allTasks();
    api.deleteForumMessage.mockResolvedValueOnce({ status: 'Success' });
    api.fetchMessages.mockResolvedValueOnce([message('2', 'bob')]);
    await forum.deleteMessage(message('1', 'Ada'));
    expect(api.deleteForumMessage).toHaveBeenCalledWith('1');
    expect(forum.$messages.get()).toEqual([message('2', 'bob')]);

    await forum.deleteMessage(message('2', 'bob'));
    expect(forum.$alert.get()).toBe('You do not have permission to delete this message.');
    expect(api.deleteForumMessage).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a delete, and only logs other failures", async () => {
    api.fetchMessages.mockResolvedValue([message('1', 'ada')]);
    forum = await openForum('ada');
    await allTasks();
    api.deleteForumMessage.mockRejectedValueOnce(new forum.ApiError(403, 'Not yours.'));
    await forum.deleteMessage(message('1', 'ada'));
    expect(forum.$alert.get()).toBe('Not yours.');

    api.deleteForumMessage.mockRejectedValueOnce(new Error('down'));
    await forum.deleteMessage(message('1', 'ada'));
    expect(forum.$alert.get()).toBe('');
    expect(console.error).toHaveBeenCalledWith('Failed to delete the message.', expect.any(Error));
    expect(forum.$messages.get()).toEqual([message('1', 'ada')]);
  });

  it("keeps the messages' ages current while they are shown", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      api.fetchMessages.mockResolvedValue([]);
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
