// The forum's daily digest against its own store and the fake Resend: mailed only to a member who
// asked for it, only to their verified and confirmed address, at most once a day, naming only what
// they have not seen on the site since the last one; stopped when they untick it, held back by the
// day's poll mail.
import { describe, expect, it } from 'vitest';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import digestJob from '../../netlify/functions/forum-digest.mts';
import getNotifications from '../../netlify/functions/forum-notifications.mts';
import setDigest from '../../netlify/functions/forum-notifications-digest.mts';
import markSeen from '../../netlify/functions/forum-notifications-seen.mts';
import { forumKeys } from '../../src/features/forum/keys.server.ts';
import { DIGEST_NOTES, type NotificationsResponse } from '../../src/features/forum/schema.ts';
import { sendDigests } from '../../src/features/forum/service.server.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features } from '../site-config.ts';
import { accountKeyFor, confirmAddresses, tokenFor, useFakeResend } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, uniqueName } from './request.ts';

const resend = useFakeResend();
useOwnStore();
isolateEnv(['MAIL_DAILY_POLL_CAP']);

const SITE = 'https://forum.example.org';
const DAY = 86_400_000;

async function member(email = '') {
  const username = uniqueName('digest');
  const token = await tokenFor(username, 2);
  if (email) {
    await redis().hset(keys.user(usernameKey(username)), { email, emailVerified: email });
    await confirmAddresses(email);
  }
  return {
    username,
    token,
    post: async (text: string, replyTo?: string) => {
      const posted = await call(createMessage, { token, body: { text, ...(replyTo ? { replyTo } : {}) } });
      expect(posted.status).toBe(200);
      return (posted.body.message as { _id: string })._id;
    },
    digest: (on: boolean) => call(setDigest, { token, body: { on } }),
    notifications: async () =>
      (await call(getNotifications, { method: 'GET', token })).body as unknown as NotificationsResponse,
  };
}

const digests = () => resend().sent.filter((mail) => mail.idempotencyKey?.startsWith('forum-digest-'));

describe.skipIf(!features.forum)('the forum’s daily digest', () => {
  it('mails a member who asked, to their confirmed address, once a day, what they have not seen; stops when asked', async () => {
    const [ada, bob, cyd, dee] = await Promise.all([
      member('ada@example.com'),
      member(),
      member(), // asks, but has no verified address
      member('dee@example.com'), // told, but never asks
    ]);
    for (const one of [ada, cyd]) expect((await one.digest(true)).status).toBe(200);
    expect((await ada.notifications()).digest).toBe(true);
    expect((await dee.notifications()).digest).toBe(false);
    const thread = await ada.post('Board games on Friday?');
    await bob.post(`I will bring Carcassonne. @${cyd.username} @${dee.username}, you too?`, thread);
    await bob.post(`Where does @${ada.username} keep the dice?`);

    // Asked today: the first digest goes at the next day's run, not today's.
    const job = await digestJob(new Request(`${SITE}/.netlify/functions/forum-digest`, { method: 'POST' }));
    expect(job.status).toBe(204);
    expect(digests()).toHaveLength(0);

    const now = Date.now();
    expect(await sendDigests(SITE, now + DAY)).toEqual({ mailed: 1 });
    expect(digests()).toHaveLength(1);
    const [mail] = digests();
    expect(mail!.to).toBe('ada@example.com');
    expect(mail!.subject).toBe('2 new in the forum on forum.example.org');
    expect(mail!.text).toContain(`Hello ${ada.username},`);
    expect(mail!.text).toContain(`- ${bob.username} mentioned you: "Where does @${ada.username} keep the dice?"`);
    expect(mail!.text).toContain(`- ${bob.username} replied to your message: "I will bring Carcassonne.`);
    expect(mail!.text).toContain(`  ${SITE}/forum#message-${thread}`);
    expect(mail!.text).toContain(`All your notifications: ${SITE}/dashboard#notifications`);
    expect(mail!.text).toContain('To get no more mail from this site at this address:');

    // Once a day: a second run that day mails nothing, even with news.
    await bob.post('One more thing.', thread);
    expect(await sendDigests(SITE, now + DAY + 60_000)).toEqual({ mailed: 0 });
    // Seen on the site, it is not mailed the next day; what came after is.
    const { notifications } = await ada.notifications();
    await call(markSeen, { token: ada.token, body: { upTo: notifications[0]!.at } });
    expect(await sendDigests(SITE, now + 2 * DAY)).toEqual({ mailed: 0 });
    await bob.post('And another.', thread);
    expect(await sendDigests(SITE, now + 3 * DAY)).toEqual({ mailed: 1 });
    expect(digests().at(-1)!.subject).toBe('1 new in the forum on forum.example.org');
    expect(digests().at(-1)!.text).toContain('"And another."');

    // Unticked, nothing more; the entry goes.
    expect((await ada.digest(false)).status).toBe(200);
    await bob.post('Still there?', thread);
    expect(await sendDigests(SITE, now + 4 * DAY)).toEqual({ mailed: 0 });
    expect(digests().map((sent) => sent.to)).toEqual(['ada@example.com', 'ada@example.com']);
    expect(await redis().hexists(forumKeys.digests(), await accountKeyFor(ada.username))).toBe(0);
    expect((await call(setDigest, { token: ada.token, body: { on: 'yes' } })).status).toBe(400);
  });

  it(`names the newest ${DIGEST_NOTES} and how many more; waits a day when the poll mail is spent`, async () => {
    const [ada, ...repliers] = await Promise.all([member('ada2@example.com'), member(), member()]);
    await ada.digest(true);
    const thread = await ada.post('A busy day');
    for (let i = 0; i < DIGEST_NOTES + 3; i++) await repliers[i % 2]!.post(`Reply ${i}`, thread);
    const now = Date.now();
    process.env.MAIL_DAILY_POLL_CAP = '0';
    expect(await sendDigests(SITE, now + DAY)).toEqual({ mailed: 0 });
    process.env.MAIL_DAILY_POLL_CAP = '10';
    expect(await sendDigests(SITE, now + DAY + 60_000)).toEqual({ mailed: 1 });
    const text = digests().at(-1)!.text!;
    expect(text.match(/^- /gm)).toHaveLength(DIGEST_NOTES);
    expect(text).toContain(`"Reply ${DIGEST_NOTES + 2}"`);
    expect(text).not.toContain('"Reply 2"');
    expect(text).toContain('and 3 more.');
  });

  it('drops the entry of an account that is gone', async () => {
    const ada = await member('gone@example.com');
    await ada.digest(true);
    const account = await accountKeyFor(ada.username);
    await redis().del(keys.user(usernameKey(ada.username)));
    await sendDigests(SITE, Date.now() + DAY);
    expect(await redis().hexists(forumKeys.digests(), account)).toBe(0);
  });
});
