// The forum's replies and reactions against the local store: replies one level deep (a reply to a
// reply joins its top-level message's thread), the first few with the page and the rest by cursor,
// the caps a reply counts against, a delete that takes its replies and reactions with it, the
// retention trim that does too; reactions once per member, toggled, under parallel toggles, with
// counts and the reader's own in the page's one read.
import { describe, expect, it } from 'vitest';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import deleteMessage from '../../netlify/functions/forum-delete.mts';
import editMessage from '../../netlify/functions/forum-edit.mts';
import getMessages from '../../netlify/functions/forum-get-messages.mts';
import react from '../../netlify/functions/forum-react.mts';
import getReplies from '../../netlify/functions/forum-replies.mts';
import getVersion from '../../netlify/functions/forum-version.mts';
import { USERNAME_PATTERN } from '../../src/features/auth/schema.ts';
import { MENTIONABLE } from '../../src/lib/mentions.ts';
import { POSTS_COUNTER } from '../../src/features/forum/repo.server.ts';
import {
  type ForumMessage,
  MAX_REPLIES,
  REACTION_IDS,
  REPLIES_SHOWN,
  THREAD_FULL,
} from '../../src/features/forum/schema.ts';
import { LIMITS, POSTS_PER_DAY } from '../../src/features/forum/service.server.ts';
import { dailyCounter } from '../../src/server/daily-cap.ts';
import { forumKeys } from '../../src/features/forum/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { accountKeyFor, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

interface Page {
  messages: ForumMessage[];
  older: string | null;
  version: string;
}

async function member(clearance = 2) {
  const username = uniqueName('threads');
  const token = await tokenFor(username, clearance);
  const as = { token };
  return {
    username,
    token,
    post: (text: string, replyTo?: string) =>
      call(createMessage, { ...as, body: { username, text, ...(replyTo === undefined ? {} : { replyTo }) } }),
    /** Posts and answers the message as the API returned it. */
    say: async (text: string, replyTo?: string) => {
      const result = await call(createMessage, {
        ...as,
        body: { text, ...(replyTo === undefined ? {} : { replyTo }) },
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.message as ForumMessage;
    },
    page: async (query = '?limit=200') =>
      (await call(getMessages, { ...as, method: 'GET', path: `/api/messages/get-messages${query}` }))
        .body as unknown as Page,
    replies: (id: string, query = '') =>
      call(getReplies, { ...as, method: 'GET', path: `/api/messages/replies/${id}${query}` }),
    react: (id: string, reaction: string, on: boolean) =>
      call(react, { ...as, body: { reaction, on }, path: `/api/messages/react/${id}` }),
    remove: (id: string) => call(deleteMessage, { ...as, method: 'DELETE', path: `/api/messages/delete/${id}` }),
    edit: (id: string, text: string) => call(editMessage, { ...as, body: { text }, path: `/api/messages/edit/${id}` }),
    version: async () => (await call(getVersion, { ...as, method: 'GET' })).body.version as string,
  };
}

/** The message with this id on the member's newest page. */
async function listed(reader: Awaited<ReturnType<typeof member>>, id: string): Promise<ForumMessage | undefined> {
  return (await reader.page()).messages.find((message) => message._id === id);
}

describe.skipIf(!features.forum)('forum replies', () => {
  it('shows a reply under its message, not among the top-level messages, marked as the reader’s own', async () => {
    const ada = await member();
    const grace = await member();
    const top = await ada.say('Who is coming on Friday?');
    const reply = await grace.say('I am!', top._id);
    expect(reply).toMatchObject({ text: 'I am!', replyTo: top._id, user: { username: grace.username }, own: true });

    const page = await ada.page();
    expect(page.messages.some((message) => message._id === reply._id)).toBe(false);
    const thread = page.messages.find((message) => message._id === top._id)!;
    expect(thread).toMatchObject({ replyCount: 1, replies: [{ _id: reply._id, text: 'I am!', replyTo: top._id }] });
    expect(thread.moreReplies).toBeUndefined();
    expect(thread.replies![0]!.own).toBeUndefined();
    expect((await listed(grace, top._id))!.replies![0]!.own).toBe(true);
  });

  it('answers a reply to a reply in its top-level message’s thread (one level deep)', async () => {
    const ada = await member();
    const top = await ada.say('Top');
    const first = await ada.say('First reply', top._id);
    const nested = await ada.say('Reply to the reply', first._id);
    expect(nested.replyTo).toBe(top._id);
    const thread = await listed(ada, top._id);
    expect(thread?.replies?.map((message) => message.text)).toEqual(['First reply', 'Reply to the reply']);
  });

  it('refuses a reply to an unknown message (404) and a malformed replyTo (400), posting nothing', async () => {
    const ada = await member();
    const day = dailyCounter(POSTS_COUNTER, await accountKeyFor(ada.username))[0];
    expect(await ada.post('Into the void', crypto.randomUUID())).toMatchObject({
      status: 404,
      body: { error: 'That message does not exist.' },
    });
    expect(await ada.post('Bad id', '../../etc')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await ada.post('Bad type', 42 as unknown as string)).toMatchObject({ status: 400 });
    expect(await redis().get(day)).toBeNull();
  });

  it('pages a thread by cursor: the first few with the page, then Load more, each reply once, oldest first', async () => {
    const ada = await member();
    const top = await ada.say('A long thread');
    const texts = Array.from({ length: 8 }, (_, i) => `Reply ${i}`);
    for (const text of texts) await ada.say(text, top._id);
    const thread = (await listed(ada, top._id))!;
    expect(thread.replyCount).toBe(8);
    expect(thread.replies!.map((reply) => reply.text)).toEqual(texts.slice(0, REPLIES_SHOWN));
    expect(thread.moreReplies).toMatch(/^\d+$/);

    const seen = thread.replies!.map((reply) => reply.text);
    let after = thread.moreReplies;
    for (let round = 0; after && round < 10; round++) {
      const { status, body } = await ada.replies(top._id, `?after=${after}&limit=2`);
      expect(status).toBe(200);
      expect(body.replyCount).toBe(8);
      seen.push(...(body.replies as ForumMessage[]).map((reply) => reply.text));
      after = (body.more as string | null) ?? undefined;
    }
    expect(seen).toEqual(texts);
    // From the first, all of them at once.
    const all = await ada.replies(top._id, `?limit=${MAX_REPLIES}`);
    expect((all.body.replies as ForumMessage[]).map((reply) => reply.text)).toEqual(texts);
    expect(all.body.more).toBeNull();
  });

  it('refuses the replies of an unknown message or of a reply (404), and bad cursors (400)', async () => {
    const ada = await member();
    const top = await ada.say('Top');
    const reply = await ada.say('Reply', top._id);
    expect((await ada.replies(crypto.randomUUID())).status).toBe(404);
    expect((await ada.replies(reply._id)).status).toBe(404);
    for (const query of ['?after=0', '?after=x', '?limit=0', `?limit=${MAX_REPLIES + 1}`]) {
      expect((await ada.replies(top._id, query)).status, query).toBe(400);
    }
  });

  it('counts replies towards the daily post cap and the per-minute limit', async () => {
    const ada = await member();
    const top = await ada.say('Top');
    const key = dailyCounter(POSTS_COUNTER, await accountKeyFor(ada.username))[0];
    await ada.say('One reply', top._id);
    expect(Number(await redis().get(key))).toBe(2);
    await redis().set(key, POSTS_PER_DAY, { ex: 60 });
    expect(await ada.post('Over the cap', top._id)).toMatchObject({ status: 429 });
    await redis().del(key);

    const grace = await member();
    for (let i = 2; i < LIMITS.postsPerUser.max; i++) expect((await grace.post(`Post ${i}`)).status).toBe(200);
    expect((await grace.post('Reply 1', top._id)).status).toBe(200);
    expect((await grace.post('Reply 2', top._id)).status).toBe(200);
    expect((await grace.post('One too many', top._id)).status).toBe(429);
  });

  it(`takes at most ${MAX_REPLIES} replies a message, however many arrive at once`, async () => {
    const ada = await member();
    const top = await ada.say('A full thread');
    // The thread is nearly full (written as the script writes replies), then ten members reply at once.
    const thread = forumKeys.replies(top._id);
    const filler = Array.from({ length: MAX_REPLIES - 3 }, (_, i) => ({ score: 1e12 + i, member: `filler-${i}` }));
    await redis().zadd(thread, filler[0]!, ...filler.slice(1));
    const members = await Promise.all(Array.from({ length: 10 }, () => member()));
    const results = await Promise.all(members.map((one, i) => one.post(`Reply ${i}`, top._id)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(3);
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused).toMatchObject({ status: 409, body: { error: THREAD_FULL } });
    }
    expect(await redis().zcard(thread)).toBe(MAX_REPLIES);
    await redis().del(thread);
  });

  it('edits a reply as a message: its author only, within the edit window', async () => {
    const ada = await member();
    const grace = await member();
    const top = await ada.say('Top');
    const reply = await grace.say('Teh reply', top._id);
    expect(await ada.edit(reply._id, 'Hijacked')).toMatchObject({ status: 403 });
    expect(await grace.edit(reply._id, 'The reply')).toMatchObject({
      status: 200,
      body: { message: { text: 'The reply', replyTo: top._id, editedAt: expect.any(String) } },
    });
    expect((await listed(ada, top._id))!.replies![0]).toMatchObject({
      text: 'The reply',
      editedAt: expect.any(String),
    });
  });

  it('deletes a reply alone; a deleted message takes its replies and every reaction with it', async () => {
    const ada = await member();
    const grace = await member();
    const top = await ada.say('Delete me later');
    const [first, second] = [await grace.say('First', top._id), await grace.say('Second', top._id)];
    await grace.react(top._id, 'heart', true);
    await ada.react(second._id, 'eyes', true);

    expect(await grace.remove(first._id)).toMatchObject({ status: 200 });
    expect((await listed(ada, top._id))!).toMatchObject({ replyCount: 1, replies: [{ _id: second._id }] });
    expect(await redis().hget(forumKeys.posts(), first._id)).toBeNull();

    // Another member may not delete the message; its author may, and the thread goes with it.
    expect(await grace.remove(top._id)).toMatchObject({ status: 403 });
    expect(await ada.remove(top._id)).toMatchObject({ status: 200 });
    expect(await listed(ada, top._id)).toBeUndefined();
    const left = await redis()
      .pipeline()
      .hget(forumKeys.posts(), second._id)
      .hget(forumKeys.authors(), second._id)
      .exists(forumKeys.replies(top._id), forumKeys.reactions(top._id), forumKeys.reactions(second._id))
      .exec();
    expect(left).toEqual([null, null, 0]);
    expect((await ada.replies(top._id)).status).toBe(404);
    expect(await grace.post('Too late', top._id)).toMatchObject({ status: 404 });
  });

  it('removes a year-old message with its replies at the next post (retention), listing neither meanwhile', async () => {
    const ada = await member();
    const top = await ada.say('An old thread');
    const reply = await ada.say('An old reply', top._id);
    await ada.react(reply._id, 'laugh', true);
    // A year and a day ago, as the stored message says: older than every other in the index.
    const old = new Date(Date.now() - 366 * 24 * 3600 * 1000).toISOString();
    const stored = JSON.parse((await redis().hget<string>(forumKeys.posts(), top._id))!) as { createdAt: string };
    await redis().hset(forumKeys.posts(), { [top._id]: JSON.stringify({ ...stored, createdAt: old }) });
    await redis().zadd(forumKeys.messages(), { score: 0, member: top._id });
    expect(await listed(ada, top._id)).toBeUndefined();
    expect((await ada.replies(top._id)).status).toBe(404);
    expect(await ada.post('A reply to the past', top._id)).toMatchObject({ status: 404 });

    await ada.say('A new post trims the old');
    const left = await redis()
      .pipeline()
      .hget(forumKeys.posts(), top._id)
      .hget(forumKeys.posts(), reply._id)
      .exists(forumKeys.replies(top._id), forumKeys.reactions(reply._id))
      .exec();
    expect(left).toEqual([null, null, 0]);
  });

  it('raises the version on a reply and on a reaction that changes something', async () => {
    const ada = await member();
    const top = await ada.say('Versioned');
    const changes = async (step: () => Promise<unknown>) => {
      const before = Number(await ada.version());
      await step();
      return Number(await ada.version()) > before;
    };
    expect(await changes(() => ada.say('A reply', top._id))).toBe(true);
    expect(await changes(() => ada.react(top._id, 'hooray', true))).toBe(true);
    expect(await changes(() => ada.react(top._id, 'hooray', false))).toBe(true);
  });
});

describe.skipIf(!features.forum)('forum reactions', () => {
  it('gives a reaction once per member, counts members, and marks the reader’s own', async () => {
    const ada = await member();
    const grace = await member();
    const top = await ada.say('React to me');
    expect(await grace.react(top._id, 'thumbs-up', true)).toMatchObject({
      status: 200,
      body: { status: 'Success', reactions: { 'thumbs-up': 1 }, reacted: ['thumbs-up'] },
    });
    // Again: nothing changes.
    expect((await grace.react(top._id, 'thumbs-up', true)).body).toMatchObject({ reactions: { 'thumbs-up': 1 } });
    expect((await ada.react(top._id, 'thumbs-up', true)).body).toMatchObject({ reactions: { 'thumbs-up': 2 } });
    expect((await ada.react(top._id, 'heart', true)).body).toEqual({
      status: 'Success',
      reactions: { 'thumbs-up': 2, heart: 1 },
      reacted: ['thumbs-up', 'heart'],
    });

    expect(await listed(grace, top._id)).toMatchObject({
      reactions: { 'thumbs-up': 2, heart: 1 },
      reacted: ['thumbs-up'],
    });
    // Taken back, twice: the second changes nothing; a reaction nobody gives is not listed.
    expect((await ada.react(top._id, 'heart', false)).body).toEqual({
      status: 'Success',
      reactions: { 'thumbs-up': 2 },
      reacted: ['thumbs-up'],
    });
    expect((await ada.react(top._id, 'heart', false)).body).toEqual({
      status: 'Success',
      reactions: { 'thumbs-up': 2 },
      reacted: ['thumbs-up'],
    });
    const seen = await listed(grace, top._id);
    expect(seen?.reactions).toEqual({ 'thumbs-up': 2 });
    expect(await redis().hget(forumKeys.reactions(top._id), 'heart')).toBeNull();
  });

  it('reacts to replies too, each reply with its own counts in the page and in Load more', async () => {
    const ada = await member();
    const top = await ada.say('Top');
    const replies = [];
    for (let i = 0; i < REPLIES_SHOWN + 1; i++) replies.push(await ada.say(`Reply ${i}`, top._id));
    await ada.react(replies[0]!._id, 'laugh', true);
    await ada.react(replies.at(-1)!._id, 'eyes', true);
    const thread = (await listed(ada, top._id))!;
    expect(thread.reactions).toBeUndefined();
    expect(thread.replies![0]).toMatchObject({ reactions: { laugh: 1 }, reacted: ['laugh'] });
    const more = await ada.replies(top._id, `?after=${thread.moreReplies}`);
    expect((more.body.replies as ForumMessage[])[0]).toMatchObject({ reactions: { eyes: 1 }, reacted: ['eyes'] });
  });

  it('keeps every count exact under parallel toggles: one member’s repeats count once, many members each once', async () => {
    const ada = await member();
    const top = await ada.say('Parallel');
    const grace = await member();
    const count = async () => (await redis().hget<string>(forumKeys.reactions(top._id), 'hooray')) ?? null;
    await Promise.all(Array.from({ length: 20 }, () => grace.react(top._id, 'hooray', true)));
    expect(await count()).toBe('1');

    const many = await Promise.all(Array.from({ length: 12 }, () => member()));
    await Promise.all(many.map((one) => one.react(top._id, 'hooray', true)));
    expect(await count()).toBe('13');
    // Half take it back while the others give it again: each member counted once.
    await Promise.all(many.map((one, i) => one.react(top._id, 'hooray', i % 2 === 0 ? false : true)));
    expect(await count()).toBe('7');
    await Promise.all([...many, grace].map((one) => one.react(top._id, 'hooray', false)));
    expect(await count()).toBeNull();
    expect((await listed(ada, top._id))?.reactions).toBeUndefined();
  });

  it('refuses unknown reactions, bad bodies and unknown messages, changing nothing', async () => {
    const ada = await member();
    const top = await ada.say('Hostile');
    const before = await redis().hgetall(forumKeys.reactions(top._id));
    for (const body of [
      { reaction: 'poop', on: true },
      { reaction: 'thumbs-up' },
      { reaction: 'thumbs-up', on: 'yes' },
      { reaction: ['heart'], on: true },
      { reaction: '__proto__', on: true },
      {},
    ]) {
      const result = await call(react, { token: ada.token, body, path: `/api/messages/react/${top._id}` });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
    expect(await ada.react(crypto.randomUUID(), 'heart', true)).toMatchObject({ status: 404 });
    expect(await redis().hgetall(forumKeys.reactions(top._id))).toEqual(before);
  });

  it(`limits a member to ${LIMITS.reactionsPerUser.max} reactions a minute`, async () => {
    const ada = await member();
    const top = await ada.say('Click me');
    const ids = REACTION_IDS;
    for (let i = 0; i < LIMITS.reactionsPerUser.max; i++) {
      expect((await ada.react(top._id, ids[i % ids.length]!, i % 2 === 0)).status).toBe(200);
    }
    expect((await ada.react(top._id, 'heart', true)).status).toBe(429);
  });

  it('refuses clearance 1 and no token on replies and reactions', async () => {
    const visitor = await member(1);
    const id = crypto.randomUUID();
    for (const token of [visitor.token, undefined]) {
      const expected = token ? 403 : 401;
      expect(
        (await call(react, { token, body: { reaction: 'heart', on: true }, path: `/api/messages/react/${id}` })).status,
      ).toBe(expected);
      expect((await call(getReplies, { method: 'GET', token, path: `/api/messages/replies/${id}` })).status).toBe(
        expected,
      );
    }
  });
});

describe.skipIf(!features.forum)('forum round trips', () => {
  it('reads a page with replies and reactions in one, the replies in one, posts a reply in two, reacts in one', async () => {
    const ada = await member();
    const top = await ada.say('Counting');
    for (let i = 0; i < 5; i++) await ada.say(`Reply ${i}`, top._id);
    await ada.react(top._id, 'heart', true);
    expect(await countStoreRoundTrips(() => ada.page())).toBe(1);
    expect(await countStoreRoundTrips(() => ada.replies(top._id))).toBe(1);
    expect(await countStoreRoundTrips(() => ada.say('Another reply', top._id))).toBe(2);
    expect(await countStoreRoundTrips(() => ada.react(top._id, 'eyes', true))).toBe(1);
    expect(await countStoreRoundTrips(() => ada.remove(top._id))).toBe(1);
  });
});

describe('mentions', () => {
  it('take the names register allows', () => {
    expect(MENTIONABLE.source).toBe(USERNAME_PATTERN.source);
  });
});
