// The forum's notifications against the local store: a member is told of a reply in a thread they
// started and of a mention by name, once per message, never of their own; a member who cannot read
// the forum is not told; a deleted message leaves the list; seen moves the count; the list is
// bounded; a post that tells costs no more round trips than one that does not.
import { describe, expect, it } from 'vitest';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import deleteMessage from '../../netlify/functions/forum-delete.mts';
import getNotifications from '../../netlify/functions/forum-notifications.mts';
import getCount from '../../netlify/functions/forum-notifications-count.mts';
import markSeen from '../../netlify/functions/forum-notifications-seen.mts';
import { forumKeys } from '../../src/features/forum/keys.server.ts';
import { EXCERPT_LENGTH } from '../../src/features/forum/logic.ts';
import {
  type ForumNotification,
  MAX_NOTIFICATIONS,
  MENTIONS_TOLD,
  NOTIFICATIONS_KEPT_DAYS,
} from '../../src/features/forum/schema.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { accountKeyFor, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

async function member(clearance = 2) {
  const username = uniqueName('told');
  const token = await tokenFor(username, clearance);
  return {
    username,
    token,
    post: async (text: string, replyTo?: string) => {
      const posted = await call(createMessage, { token, body: { username, text, ...(replyTo ? { replyTo } : {}) } });
      expect(posted.status).toBe(200);
      return (posted.body.message as { _id: string })._id;
    },
    notifications: async () => {
      const read = await call(getNotifications, { method: 'GET', token });
      expect(read.status).toBe(200);
      return read.body as { unseen: number; notifications: ForumNotification[] };
    },
    count: async () => (await call(getCount, { method: 'GET', token })).body.unseen as number,
    seen: (upTo: number) => call(markSeen, { token, body: { upTo } }),
  };
}

describe.skipIf(!features.forum)('forum notifications', () => {
  it('tells the thread’s author of a reply and a member of a mention, newest first, with an excerpt', async () => {
    const [ada, bob, cy] = await Promise.all([member(), member(), member()]);
    const thread = await ada.post('Who is coming on Friday?');
    expect(await ada.count()).toBe(0);
    const reply = await bob.post(`Me, and I asked @${cy.username.toUpperCase()} too.`, thread);
    const replyToReply = await cy.post(`@${bob.username} thanks!`, reply);

    const told = await ada.notifications();
    expect(told.unseen).toBe(2);
    expect(told.notifications).toEqual([
      expect.objectContaining({ id: replyToReply, kind: 'reply', from: cy.username, thread, unseen: true }),
      expect.objectContaining({
        id: reply,
        kind: 'reply',
        from: bob.username,
        thread,
        excerpt: `Me, and I asked @${cy.username.toUpperCase()} too.`,
        unseen: true,
      }),
    ]);
    expect((await cy.notifications()).notifications).toEqual([
      expect.objectContaining({ id: reply, kind: 'mention', from: bob.username, thread }),
    ]);
    expect((await bob.notifications()).notifications).toEqual([
      expect.objectContaining({ id: replyToReply, kind: 'mention', from: cy.username, thread }),
    ]);
    // Their own replies and mentions tell nobody of themselves.
    await ada.post(`Noted, @${ada.username}.`, thread);
    expect(await ada.count()).toBe(2);
  });

  it('tells a member once of a message that both replies and mentions; a member who cannot read the forum, or no member, not at all', async () => {
    const [ada, bob, newcomer] = await Promise.all([member(), member(), member(1)]);
    const thread = await ada.post('Plans?');
    await bob.post(`@${ada.username} @${newcomer.username} @nobody_${bob.username} see you there`, thread);
    expect((await ada.notifications()).notifications).toEqual([expect.objectContaining({ kind: 'reply' })]);
    expect(await redis().exists(forumKeys.notifications(await accountKeyFor(newcomer.username)))).toBe(0);
    expect((await redis().keys(forumKeys.notifications(`nobody_${bob.username}*`))).length).toBe(0);
  });

  it('marks what was seen: the count names only later notifications, and an earlier time changes nothing', async () => {
    const [ada, bob] = await Promise.all([member(), member()]);
    const thread = await ada.post('Seen?');
    await bob.post('First', thread);
    const [first] = (await ada.notifications()).notifications;
    expect((await ada.seen(first!.at)).status).toBe(200);
    expect(await ada.count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bob.post('Second', thread);
    expect(await ada.count()).toBe(1);
    await ada.seen(first!.at - 1000);
    const after = await ada.notifications();
    expect(after.unseen).toBe(1);
    expect(after.notifications.map((note) => note.unseen)).toEqual([true, false]);
    expect((await ada.seen(-1)).status).toBe(400);
    const seenKey = forumKeys.notificationsSeen(await accountKeyFor(ada.username));
    expect(await redis().ttl(seenKey)).toBeGreaterThan(NOTIFICATIONS_KEPT_DAYS * 86_400 - 60);
  });

  it('drops a deleted message from the list and the count', async () => {
    const [ada, bob] = await Promise.all([member(), member()]);
    const thread = await ada.post('Delete test');
    const reply = await bob.post('Oops, wrong thread', thread);
    expect(await ada.count()).toBe(1);
    const removed = await call(deleteMessage, {
      method: 'DELETE',
      token: bob.token,
      path: `/api/messages/delete/${reply}`,
    });
    expect(removed.status).toBe(200);
    expect(await ada.count()).toBe(0);
    expect((await ada.notifications()).notifications).toEqual([]);
  });

  it(`keeps the newest ${MAX_NOTIFICATIONS} for ${NOTIFICATIONS_KEPT_DAYS} days, tells the first ${MENTIONS_TOLD} mentioned, and quotes a long message cut short`, async () => {
    // Three repliers, as a member posts at most 20 a minute.
    const [ada, ...repliers] = await Promise.all([member(), member(), member(), member()]);
    const thread = await ada.post('A busy thread');
    for (let i = 0; i <= MAX_NOTIFICATIONS; i++)
      await repliers[i % repliers.length]!.post(`Reply ${i} ${'word '.repeat(40)}`, thread);
    const { notifications, unseen } = await ada.notifications();
    expect(notifications).toHaveLength(MAX_NOTIFICATIONS);
    expect(unseen).toBe(MAX_NOTIFICATIONS);
    expect(notifications[0]!.excerpt).toMatch(new RegExp(`^Reply ${MAX_NOTIFICATIONS} (word ){20,}`));
    expect(notifications[0]!.excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(notifications[0]!.excerpt.endsWith('word…')).toBe(true);
    const list = forumKeys.notifications(await accountKeyFor(ada.username));
    expect(await redis().ttl(list)).toBeGreaterThan(NOTIFICATIONS_KEPT_DAYS * 86_400 - 60);
    // One older than the days kept goes at the next notification, however few there are.
    const carl = await member();
    const short = forumKeys.notifications(await accountKeyFor(carl.username));
    const old = JSON.stringify({ id: 'old', kind: 'reply', from: 'someone', thread });
    await redis().zadd(short, { score: Date.now() - (NOTIFICATIONS_KEPT_DAYS * 86_400 + 60) * 1000, member: old });
    await repliers[0]!.post(`@${carl.username} one more`, thread);
    expect(await redis().zrange(short, 0, -1)).toEqual([expect.stringContaining(`"kind":"mention"`)]);

    const crowd = await Promise.all(Array.from({ length: MENTIONS_TOLD + 1 }, () => member()));
    await ada.post(crowd.map(({ username }) => `@${username}`).join(' '));
    const told = await Promise.all(crowd.map((one) => one.count()));
    expect(told).toEqual([...Array<number>(MENTIONS_TOLD).fill(1), 0]);
  });

  it('tells in the post’s own round trips; reads the list, the count and seen in one each; refuses clearance 1', async () => {
    const [ada, bob, newcomer] = await Promise.all([member(), member(), member(1)]);
    const thread = await ada.post('Counting');
    expect(await countStoreRoundTrips(() => bob.post(`@${ada.username} one`, thread))).toBe(2);
    expect(await countStoreRoundTrips(() => ada.notifications())).toBe(1);
    expect(await countStoreRoundTrips(() => ada.count())).toBe(1);
    expect(await countStoreRoundTrips(() => ada.seen(Date.now()))).toBe(1);
    expect((await call(getCount, { method: 'GET', token: newcomer.token })).status).toBe(403);
    expect((await call(getNotifications, { method: 'GET' })).status).toBe(401);
  });
});
