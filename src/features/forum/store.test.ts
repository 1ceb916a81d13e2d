import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../tests/setup/browser-session.ts';
import type {
  AskToJoinResponse,
  ForumMessage,
  JoinRequestResponse,
  MessageResponse,
  MessagesResponse,
  OwnJoinRequest,
  ReactResponse,
  ReactionId,
  RepliesResponse,
  VersionResponse,
} from './schema.ts';

const api = vi.hoisted(() => ({
  fetchMessages: vi.fn<(query?: { before?: string; limit?: number }) => Promise<MessagesResponse>>(),
  fetchReplies: vi.fn<(id: string, query?: { after?: string; limit?: number }) => Promise<RepliesResponse>>(),
  fetchForumVersion: vi.fn<() => Promise<VersionResponse>>(),
  postForumMessage: vi.fn<(text: string, replyTo?: string) => Promise<unknown>>(),
  editForumMessage: vi.fn<(id: string, text: string) => Promise<MessageResponse>>(),
  deleteForumMessage: vi.fn<(id: string) => Promise<unknown>>(),
  reactTo: vi.fn<(id: string, reaction: ReactionId, on: boolean) => Promise<ReactResponse>>(),
  fetchJoinRequest: vi.fn<() => Promise<JoinRequestResponse>>(),
  askToJoin: vi.fn<(note: string) => Promise<AskToJoinResponse>>(),
}));

/** A page of messages as the API answers it. */
const page = (messages: ForumMessage[], older: string | null = null, version = '1'): MessagesResponse => ({
  status: 'Success',
  messages,
  older,
  version,
});
vi.mock('./api-client.ts', () => api);
const renderer = vi.hoisted(() => ({ loadMarkdown: vi.fn<() => Promise<void>>() }));
vi.mock('../../components/markdown/renderer.ts', () => renderer);

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
    for (const call of [...Object.values(api), renderer.loadMarkdown]) call.mockReset();
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

  it('shows the first messages once the markdown renderer is there, when one of them or a reply has markdown', async () => {
    const loaded = Promise.withResolvers<void>();
    renderer.loadMarkdown.mockReturnValue(loaded.promise);
    const thread = { ...message('1', 'bob'), replies: [message('2', 'ada', 'A **bold** reply')] };
    api.fetchMessages.mockResolvedValue(page([thread]));
    forum = await openForum();
    await vi.waitFor(() => expect(renderer.loadMarkdown).toHaveBeenCalledTimes(1));
    expect(forum.$messages.get()).toBeNull();
    loaded.resolve();
    await allTasks();
    expect(forum.$messages.get()).toEqual([thread]);
    // Later loads show what came at once: the renderer draws new markdown when it is there.
    api.fetchMessages.mockResolvedValue(page([thread, message('3', 'cy', '`code`')]));
    renderer.loadMarkdown.mockReturnValue(new Promise(() => undefined));
    await forum.loadMessages();
    expect(forum.$messages.get()).toHaveLength(2);
    expect(renderer.loadMarkdown).toHaveBeenCalledTimes(1);
  });

  it('shows plain talk without loading the markdown renderer', async () => {
    api.fetchMessages.mockResolvedValue(page([message('1', 'bob', 'Plain talk, @ada.')]));
    forum = await openForum();
    await allTasks();
    expect(forum.$messages.get()).toHaveLength(1);
    expect(renderer.loadMarkdown).not.toHaveBeenCalled();
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
      status: 'Success',
      message: { ...own('1', 'ada', 'Final'), editedAt: '2026-11-20T10:05:00.000Z' },
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

  it('loads more replies by cursor, and a reload re-reads the threads opened beyond their first few', async () => {
    const replies = ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => ({ ...message(id, 'bob'), replyTo: '1' }));
    const thread = { ...message('1', 'ada'), replyCount: 5, replies: replies.slice(0, 3), moreReplies: '13' };
    api.fetchMessages.mockResolvedValue(page([thread]));
    forum = await openForum();
    await allTasks();
    api.fetchReplies.mockResolvedValueOnce({ status: 'Success', replies: replies.slice(3), more: null, replyCount: 5 });
    const loading = forum.loadMoreReplies('1');
    expect(forum.$loadingReplies.get().has('1')).toBe(true);
    await loading;
    expect(api.fetchReplies).toHaveBeenCalledWith('1', { after: '13', limit: 20 });
    expect(forum.$messages.get()![0]!.replies!.map((reply) => reply._id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(forum.$messages.get()![0]!.moreReplies).toBeUndefined();
    expect(forum.$loadingReplies.get().has('1')).toBe(false);

    // Someone edits a reply: the reload brings the first three with the page, the thread as far as shown again.
    const edited = { ...replies[4]!, text: 'edited' };
    api.fetchReplies.mockResolvedValueOnce({
      status: 'Success',
      replies: [...replies.slice(0, 4), edited],
      more: null,
      replyCount: 5,
    });
    await forum.loadMessages();
    expect(api.fetchReplies).toHaveBeenLastCalledWith('1', { limit: 5 });
    expect(forum.$messages.get()![0]!.replies!.at(-1)).toEqual(edited);
  });

  it('opens the reply box under the thread, with a mention when answering someone’s reply, and shows the reply at its end', async () => {
    const reply = { ...message('r1', 'bob'), replyTo: '1' };
    api.fetchMessages.mockResolvedValue(page([{ ...message('1', 'bob'), replyCount: 1, replies: [reply] }]));
    forum = await openForum('ada');
    await allTasks();
    forum.startReply(reply);
    expect(forum.$replying.get()).toEqual({ to: '1', from: 'r1', text: '@bob ', sending: false });
    forum.cancelReply();
    forum.startReply(message('1', 'bob'));
    expect(forum.$replying.get()).toEqual({ to: '1', from: '1', text: '', sending: false });
    forum.changeReply('   ');
    await forum.sendReply();
    expect(api.postForumMessage).not.toHaveBeenCalled();

    const mine = { ...own('r2', 'ada', 'Me too'), replyTo: '1' };
    api.postForumMessage.mockResolvedValueOnce({ status: 'Success', message: mine });
    forum.changeReply('Me too');
    await forum.sendReply();
    expect(api.postForumMessage).toHaveBeenCalledWith('Me too', '1');
    expect(forum.$replying.get()).toBeNull();
    expect(forum.$messages.get()![0]).toMatchObject({ replyCount: 2, replies: [reply, mine] });
  });

  it('shows a reply to a thread not all shown after Load more, until loading reaches it; keeps the box on a refusal', async () => {
    const first = { ...message('r1', 'bob'), replyTo: '1' };
    api.fetchMessages.mockResolvedValue(
      page([{ ...message('1', 'bob'), replyCount: 4, replies: [first], moreReplies: '11' }]),
    );
    forum = await openForum('ada');
    await allTasks();
    forum.startReply(message('1', 'bob'));
    forum.changeReply('Late to the party');
    api.postForumMessage.mockRejectedValueOnce(new forum.ApiError(409, 'This conversation is full.'));
    await forum.sendReply();
    expect(forum.$alert.get()).toBe('This conversation is full.');
    expect(forum.$replying.get()).toMatchObject({ text: 'Late to the party', sending: false });

    const mine = { ...own('r5', 'ada', 'Late to the party'), replyTo: '1' };
    api.postForumMessage.mockResolvedValueOnce({ status: 'Success', message: mine });
    await forum.sendReply();
    expect(forum.$tails.get()).toEqual({ 1: [mine] });
    expect(forum.$messages.get()![0]!.replyCount).toBe(5);
    const middle = ['r2', 'r3', 'r4'].map((id) => ({ ...message(id, 'bob'), replyTo: '1' }));
    api.fetchReplies.mockResolvedValueOnce({
      status: 'Success',
      replies: [...middle, mine],
      more: null,
      replyCount: 5,
    });
    await forum.loadMoreReplies('1');
    expect(forum.$tails.get()).toEqual({});
    expect(forum.$messages.get()![0]!.replies!.map((reply) => reply._id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('gives a reaction at once, then as the server counted it, and says so; a failure puts it back', async () => {
    const reply = { ...message('r1', 'bob'), replyTo: '1', reactions: { heart: 2 } };
    api.fetchMessages.mockResolvedValue(page([{ ...message('1', 'bob'), replyCount: 1, replies: [reply] }]));
    forum = await openForum('ada');
    await allTasks();
    const answer = Promise.withResolvers<ReactResponse>();
    api.reactTo.mockReturnValueOnce(answer.promise);
    const reacting = forum.toggleReaction('r1', 'heart');
    expect(forum.$messages.get()![0]!.replies![0]).toMatchObject({ reactions: { heart: 3 }, reacted: ['heart'] });
    answer.resolve({ status: 'Success', reactions: { heart: 4 }, reacted: ['heart'] });
    await reacting;
    expect(api.reactTo).toHaveBeenCalledWith('r1', 'heart', true);
    expect(forum.$messages.get()![0]!.replies![0]).toMatchObject({ reactions: { heart: 4 }, reacted: ['heart'] });
    expect(forum.$announcement.get()).toBe('You reacted with heart.');

    // Taken back, but the server is down: as it was, and only logged.
    api.reactTo.mockRejectedValueOnce(new Error('down'));
    await forum.toggleReaction('r1', 'heart');
    expect(api.reactTo).toHaveBeenLastCalledWith('r1', 'heart', false);
    expect(forum.$messages.get()![0]!.replies![0]).toMatchObject({ reactions: { heart: 4 }, reacted: ['heart'] });
    expect(console.error).toHaveBeenCalledWith('Failed to react.', expect.any(Error));

    // The same words again are said again.
    api.reactTo.mockResolvedValueOnce({ status: 'Success' });
    await forum.toggleReaction('1', 'thumbs-up');
    api.reactTo.mockResolvedValueOnce({ status: 'Success', reactions: { 'thumbs-up': 1 }, reacted: ['thumbs-up'] });
    await forum.toggleReaction('1', 'thumbs-up');
    expect(forum.$announcement.get()).toMatch(/^You reacted with thumbs up\.\s?$/);
  });

  it('asks before deleting one’s own message that has replies; a deleted reply leaves its thread', async () => {
    const reply = { ...own('r1', 'ada'), replyTo: '1' };
    const thread = { ...own('1', 'ada'), replyCount: 1, replies: [reply] };
    api.fetchMessages.mockResolvedValueOnce(page([thread]));
    forum = await openForum('ada');
    await allTasks();
    await forum.deleteMessage(thread);
    expect(forum.$confirmingDelete.get()).toEqual(thread);
    forum.$confirmingDelete.set(null);

    api.deleteForumMessage.mockResolvedValueOnce({ status: 'Success' });
    api.fetchMessages.mockResolvedValueOnce(page([{ ...own('1', 'ada') }]));
    await forum.deleteMessage(reply);
    expect(api.deleteForumMessage).toHaveBeenCalledWith('r1');
    expect(forum.$messages.get()).toEqual([own('1', 'ada')]);
  });
});

/** The closed forum, mounted as its island mounts it (its request, not the messages). */
async function openClosed() {
  vi.resetModules();
  const auth = await import('../../platform/session.ts');
  auth.setToken(tokenFor({ username: 'jo', clearance: 1 }));
  const { ApiError } = await import('../../platform/api-client.ts');
  const store = await import('./store.ts');
  store.$joinRequest.listen(() => undefined);
  return { ...store, ...auth, ApiError };
}

describe('forum store, for a visitor below the forum’s clearance', () => {
  let forum: Awaited<ReturnType<typeof openClosed>> | undefined;
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    if (forum) cleanStores(forum.$joinRequest);
    forum = undefined;
  });

  const pending: OwnJoinRequest = { id: 'q1', status: 'pending', askedAt: '2026-11-20T10:00:00.000Z' };

  it('loads the request, never the messages; asks with the note, which then goes', async () => {
    const read = Promise.withResolvers<JoinRequestResponse>();
    api.fetchJoinRequest.mockReturnValueOnce(read.promise);
    forum = await openClosed();
    expect(forum.$joinRequest.get()).toEqual({ status: 'loading' });
    read.resolve({ status: 'Success', request: null });
    await allTasks();
    expect(forum.$joinRequest.get()).toEqual({ status: 'ready', request: null });
    expect(api.fetchMessages).not.toHaveBeenCalled();
    forum.editJoinNote('  I play in the league ');
    api.askToJoin.mockResolvedValueOnce({ status: 'Success', request: pending });
    await forum.sendJoinRequest();
    expect(api.askToJoin).toHaveBeenCalledWith('I play in the league');
    expect(forum.$joinRequest.get()).toEqual({ status: 'ready', request: pending });
    expect(forum.$joinNote.get()).toBe('');
  });

  it('keeps the token the read brings once the owner let them in: the forum is theirs', async () => {
    const promoted = tokenFor({ username: 'jo', clearance: 2 });
    api.fetchJoinRequest.mockResolvedValueOnce({
      status: 'Success',
      request: { ...pending, status: 'approved' },
      token: promoted,
    });
    forum = await openClosed();
    await allTasks();
    expect(forum.$token.get()).toBe(promoted);
    expect(forum.$user.get().clearance).toBe(2);
  });

  it('says why an ask was refused; one already waiting is shown instead', async () => {
    api.fetchJoinRequest.mockResolvedValueOnce({ status: 'Success', request: null });
    forum = await openClosed();
    await allTasks();
    api.askToJoin.mockRejectedValueOnce(
      new forum.ApiError(409, 'You can ask again from Tue, 01 Dec 2026.', 'conflict', {}, 'too-soon'),
    );
    await forum.sendJoinRequest();
    expect(forum.$asking.get()).toEqual({ status: 'refused', error: 'You can ask again from Tue, 01 Dec 2026.' });
    forum.editJoinNote('x');
    expect(forum.$asking.get()).toEqual({ status: 'idle' });

    api.askToJoin.mockRejectedValueOnce(new forum.ApiError(409, 'Already.', 'conflict', {}, 'already-waiting'));
    api.fetchJoinRequest.mockResolvedValueOnce({ status: 'Success', request: pending });
    await forum.sendJoinRequest();
    expect(forum.$asking.get()).toEqual({ status: 'idle' });
    expect(forum.$joinRequest.get()).toEqual({ status: 'ready', request: pending });
  });
});
