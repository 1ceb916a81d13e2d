// The forum endpoints against the local store: clearance on all three calls, impersonation, the
// length and blank rules, deleting own versus another's, unknown ids, and concurrent posts in order.
import { describe, expect, it, vi } from 'vitest';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import deleteMessage from '../../netlify/functions/forum-delete.mts';
import editMessage from '../../netlify/functions/forum-edit.mts';
import getMessages from '../../netlify/functions/forum-get-messages.mts';
import getVersion from '../../netlify/functions/forum-version.mts';
import { canEdit } from '../../src/features/forum/logic.ts';
import type { ForumMessage } from '../../src/features/forum/schema.ts';
import { LIMITS, deleteAnyMessage, editOwnMessage } from '../../src/features/forum/service.server.ts';
import { forumKeys } from '../../src/features/forum/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { sessionUserFor, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName, withStoreDown } from './request.ts';

interface ListedMessage {
  _id: string;
  text: string;
  createdAt: string;
  user?: { username: string };
  editedAt?: string;
  own?: true;
}

async function member(clearance = 2) {
  const username = uniqueName('member');
  const token = await tokenFor(username, clearance);
  return {
    username,
    token,
    post: (text: string, body: Record<string, unknown> = {}) =>
      call(createMessage, { token, body: { username, text, ...body } }),
    list: async (query = '') => {
      const result = await call(getMessages, { method: 'GET', token, path: `/api/messages/get-messages${query}` });
      return result.body.messages as ListedMessage[];
    },
    remove: (id: string) => call(deleteMessage, { method: 'DELETE', token, path: `/api/messages/delete/${id}` }),
    edit: (id: string, text: string) => call(editMessage, { token, body: { text }, path: `/api/messages/edit/${id}` }),
    page: async (query: string) =>
      (await call(getMessages, { method: 'GET', token, path: `/api/messages/get-messages${query}` })).body as {
        messages: ListedMessage[];
        older: string | null;
        version: string;
      },
    version: async () => (await call(getVersion, { method: 'GET', token })).body.version as string,
  };
}

describe.skipIf(!features.forum)('forum', () => {
  it('posts as the token user, lists it with the spec fields, and the author deletes it', async () => {
    const ada = await member();
    const posted = await ada.post('  Hello, forum!\nSecond line.  ');
    expect(posted).toMatchObject({
      status: 200,
      body: {
        status: 'Success',
        message: { _id: expect.any(String), text: 'Hello, forum!\nSecond line.', user: { username: ada.username } },
      },
    });
    const id = (posted.body.message as { _id: string })._id;
    const listed = (await ada.list()).find((message) => message._id === id);
    expect(listed).toEqual({
      _id: id,
      text: 'Hello, forum!\nSecond line.',
      createdAt: expect.any(String),
      user: { username: ada.username },
      own: true,
    });
    expect(Date.now() - Date.parse(listed!.createdAt)).toBeLessThan(60_000);

    expect(await ada.remove(id)).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect((await ada.list()).some((message) => message._id === id)).toBe(false);
  });

  it('refuses clearance 1 and calls without a token on all three endpoints', async () => {
    const visitor = await member(1);
    const id = crypto.randomUUID();
    for (const token of [visitor.token, undefined]) {
      const expected = token ? 403 : 401;
      expect((await call(getMessages, { method: 'GET', token })).status).toBe(expected);
      expect((await call(createMessage, { token, body: { text: 'Hi' } })).status).toBe(expected);
      expect((await call(deleteMessage, { method: 'DELETE', token, path: `/api/messages/delete/${id}` })).status).toBe(
        expected,
      );
    }
  });

  it('refuses posting under another name', async () => {
    const mallory = await member();
    const other = await member();
    expect(await mallory.post('I am someone else', { username: other.username })).toMatchObject({
      status: 403,
      body: { error: 'You can only post as yourself.' },
    });
  });

  it.each([
    ['', 'Message cannot be blank.'],
    ['  \n\t ', 'Message cannot be blank.'],
    ['x'.repeat(3001), 'Message cannot exceed 3000 characters.'],
  ])('refuses %j with 400', async (text, error) => {
    const ada = await member();
    expect(await ada.post(text)).toMatchObject({ status: 400, body: { error, code: 'bad_request' } });
  });

  it('accepts exactly 3000 characters', async () => {
    const ada = await member();
    expect((await ada.post('x'.repeat(3000))).status).toBe(200);
  });

  it('lets only the author delete; another member gets the spec message; an unknown id is 404', async () => {
    const ada = await member();
    const grace = await member();
    const id = ((await ada.post('Mine')).body.message as { _id: string })._id;
    expect(await grace.remove(id)).toMatchObject({
      status: 403,
      body: { error: 'You do not have permission to delete this message.', code: 'forbidden' },
    });
    expect((await ada.list()).some((message) => message._id === id)).toBe(true);
    expect(await grace.remove(crypto.randomUUID())).toMatchObject({ status: 404 });
    await deleteAnyMessage(id); // moderation ignores authorship
    expect((await ada.list()).some((message) => message._id === id)).toBe(false);
  });

  it('stores 100 concurrent posts, all of them, in the order the store received them', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => member()));
    const posts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => members[i % 5]!.post(`concurrent ${members[0]!.username} #${i}`)),
    );
    expect(posts.every((post) => post.status === 200)).toBe(true);
    const ids = posts.map((post) => (post.body.message as { _id: string })._id);
    const listed = (await members[0]!.list('?limit=200')).filter((message) => ids.includes(message._id));
    expect(listed).toHaveLength(100);
    // Each post got its own place in the store's sequence, with no gaps or ties (the store's
    // order of arrival), and the list follows those places.
    const places = await Promise.all(listed.map((message) => redis().zscore(forumKeys.messages(), message._id)));
    const numbers = places.map(Number);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.every((place, i) => i === 0 || place > numbers[i - 1]!)).toBe(true);
    expect(numbers.at(-1)! - numbers[0]!).toBe(99);
  });

  it('lists in one round trip, posts and edits in two, checks the version in one', async () => {
    const ada = await member();
    expect(await countStoreRoundTrips(() => ada.list())).toBe(1);
    expect(await countStoreRoundTrips(() => ada.list('?before=1&limit=10'))).toBe(1);
    expect(await countStoreRoundTrips(() => ada.post('Counting'))).toBe(2);
    const id = ((await ada.post('Counting again')).body.message as { _id: string })._id;
    expect(await countStoreRoundTrips(() => ada.edit(id, 'Counted'))).toBe(2);
    expect(await countStoreRoundTrips(() => ada.version())).toBe(1);
  });

  it('pages by cursor, newest first: each page once, none skipped, however others post meanwhile', async () => {
    const ada = await member();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await ada.post(`Paged ${i}`)).body.message as { _id: string })._id);
    const first = await ada.page('');
    expect(first.messages.length).toBeLessThanOrEqual(50);
    // Walk back two at a time until the first of ours.
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 200 && !seen.includes(ids[0]!); page++) {
      const { messages, older } = await ada.page(`?limit=2${before}`);
      expect(messages.length).toBeLessThanOrEqual(2);
      seen.push(...messages.map((message) => message._id).reverse()); // each page comes oldest first
      expect(older).not.toBeNull();
      before = `&before=${older}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
  });

  it('says when no older page remains', async () => {
    const ada = await member();
    const { messages, older } = await ada.page('?before=1');
    expect(messages).toEqual([]);
    expect(older).toBeNull();
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 200.'],
    ['?limit=201', 'limit must be a whole number from 1 to 200.'],
    ['?limit=-5', 'limit must be a whole number from 1 to 200.'],
    ['?before=abc', 'before must be the cursor a previous page gave (older).'],
    ['?before=0', 'before must be the cursor a previous page gave (older).'],
    ['?before=1e9', 'before must be the cursor a previous page gave (older).'],
  ])('refuses the query %s with 400', async (query, error) => {
    const ada = await member();
    const result = await call(getMessages, {
      method: 'GET',
      token: ada.token,
      path: `/api/messages/get-messages${query}`,
    });
    expect(result).toMatchObject({ status: 400, body: { error, code: 'bad_request' } });
  });

  it('raises the version on a post, an edit and a delete, and only then', async () => {
    const ada = await member();
    const id = ((await ada.post('Versioned')).body.message as { _id: string })._id;
    // Other suites post meanwhile, so each step is checked against a read just before it.
    const changes = async (step: () => Promise<unknown>) => {
      const before = await ada.version();
      await step();
      return Number(await ada.version()) > Number(before);
    };
    expect(await changes(() => ada.edit(id, 'Versioned, edited'))).toBe(true);
    expect(await changes(() => ada.remove(id))).toBe(true);
    expect(await changes(() => ada.post('Another'))).toBe(true);
    expect((await ada.page('?limit=1')).version).toMatch(/^\d+$/);
  });

  it('lets the author edit within 15 minutes, marked edited; refuses another member and a late edit', async () => {
    const ada = await member();
    const grace = await member();
    const id = ((await ada.post('First draft')).body.message as { _id: string })._id;
    const edited = await ada.edit(id, '  Second draft  ');
    expect(edited).toMatchObject({
      status: 200,
      body: { status: 'Success', message: { _id: id, text: 'Second draft', editedAt: expect.any(String) } },
    });
    const listed = (await ada.list()).find((message) => message._id === id);
    expect(listed).toMatchObject({
      text: 'Second draft',
      editedAt: expect.any(String),
      user: { username: ada.username },
    });

    // Only its author's account sees it marked as its own.
    expect(listed?.own).toBe(true);
    expect((await grace.list()).find((message) => message._id === id)?.own).toBeUndefined();
    expect(await grace.edit(id, 'Hijacked')).toMatchObject({
      status: 403,
      body: { error: 'You can only edit your own messages.', code: 'forbidden' },
    });
    expect(await ada.edit(id, '   ')).toMatchObject({ status: 400, body: { error: 'Message cannot be blank.' } });
    expect(await ada.edit(id, 'x'.repeat(3001))).toMatchObject({
      status: 400,
      body: { error: 'Message cannot exceed 3000 characters.' },
    });
    expect(await ada.edit(crypto.randomUUID(), 'Nothing there')).toMatchObject({ status: 404 });

    // Sixteen minutes later (the stored message says so).
    const stored = JSON.parse((await redis().hget<string>(forumKeys.posts(), id))!) as { createdAt: string };
    stored.createdAt = new Date(Date.now() - 16 * 60_000).toISOString();
    await redis().hset(forumKeys.posts(), { [id]: JSON.stringify(stored) });
    expect(await ada.edit(id, 'Too late')).toMatchObject({
      status: 403,
      body: {
        error: 'A message can be edited for 15 minutes after it is posted; this one is older.',
        code: 'forbidden',
      },
    });
    expect((await ada.list()).find((message) => message._id === id)?.text).toBe('Second draft');
  });

  it('refuses an edit exactly when the page stops offering Edit: at the end of the 15 minutes', async () => {
    const ada = await member();
    const message = (await ada.post('On the edge')).body.message as ForumMessage;
    const posted = Date.parse(message.createdAt);
    const user = await sessionUserFor(ada.username, 2);
    const justInTime = posted + 15 * 60_000 - 1;
    expect(canEdit(message, justInTime)).toBe(true);
    expect((await editOwnMessage(user, message._id, 'Just in time', justInTime)).text).toBe('Just in time');
    const atTheEnd = posted + 15 * 60_000;
    expect(canEdit(message, atTheEnd)).toBe(false);
    await expect(editOwnMessage(user, message._id, 'Too late', atTheEnd)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'A message can be edited for 15 minutes after it is posted; this one is older.',
    });
  });

  it('lets a moderator (clearance 3) delete anyone’s message; clearance 2 cannot', async () => {
    const ada = await member();
    const grace = await member(2);
    const moderator = await member(3);
    const id = ((await ada.post('Off topic')).body.message as { _id: string })._id;
    expect(await grace.remove(id)).toMatchObject({ status: 403 });
    expect(await moderator.remove(id)).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect((await ada.list()).some((message) => message._id === id)).toBe(false);
  });

  it(`limits a member to ${LIMITS.postsPerUser.max} posts a minute`, async () => {
    const ada = await member();
    for (let i = 0; i < LIMITS.postsPerUser.max; i++) expect((await ada.post(`Post ${i}`)).status).toBe(200);
    expect((await ada.post('One too many')).status).toBe(429);
  });

  it('answers 503 when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ada = await member();
    expect((await withStoreDown(() => ada.post('Hello'))).status).toBe(503);
    expect((await withStoreDown(() => call(getMessages, { method: 'GET', token: ada.token }))).status).toBe(503);
  });
});
