// A scheduling poll's comments and settings against the store: a member comments under their
// account's name, a guest under a typed one (shown as a guest's); blank, long and unprintable text;
// the poll's and an address's caps, also under parallel requests; who may delete; the organiser
// switching comments off and asking for a digest; and the round trips of each call.
import { beforeAll, describe, expect, it } from 'vitest';
import commentHandler from '../../netlify/functions/scheduling-comment.mts';
import createPollHandler from '../../netlify/functions/scheduling-create-poll.mts';
import deleteCommentHandler from '../../netlify/functions/scheduling-delete-comment.mts';
import deletePollHandler from '../../netlify/functions/scheduling-delete-poll.mts';
import commentsHandler from '../../netlify/functions/scheduling-poll-comments.mts';
import pollHandler from '../../netlify/functions/scheduling-poll.mts';
import settingsHandler from '../../netlify/functions/scheduling-poll-settings.mts';
import ownPolls from '../../netlify/functions/scheduling-my-polls.mts';
import {
  COMMENTS_FULL,
  COMMENTS_OFF,
  COMMENTS_PER_POLL_PER_ADDRESS,
  COMMENT_BLANK,
  COMMENT_NAME_NEEDED,
  COMMENT_TOO_LONG,
  type CommentsResponse,
  MAX_COMMENTS_PER_POLL,
  MAX_COMMENT_LENGTH,
  NOT_YOUR_COMMENT,
  type PollComment,
} from '../../src/features/scheduling/comments/logic.ts';
import type { CreatedPoll, PollsPage } from '../../src/features/scheduling/poll/schema.ts';
import {
  NOT_YOUR_POLL,
  NO_DIGEST_ADDRESS,
  createPoll,
} from '../../src/features/scheduling/organising/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { newPollForm, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';

let admin = '';
beforeAll(async () => {
  admin = await tokenFor(uniqueName('admin'), 3);
});

/** A member's token and name. */
async function member(): Promise<{ token: string; name: string }> {
  const name = uniqueName('member');
  return { token: await tokenFor(name, 1), name };
}

async function madePoll(token: string): Promise<CreatedPoll> {
  const { status, body } = await call(createPollHandler, { token, body: newPollForm() });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.poll as CreatedPoll;
}

const post = (pollId: string, fields: Record<string, unknown>, token?: string, address = newAddress()) =>
  call(commentHandler, { token, address, body: { pollId, ...fields } });
const read = async (pollId: string, token?: string) =>
  (await call(commentsHandler, { method: 'GET', token, path: `/api/scheduling/poll-comments/${pollId}` }))
    .body as unknown as CommentsResponse;
const settings = (pollId: string, fields: Record<string, unknown>, token?: string) =>
  call(settingsHandler, { token, body: { pollId, ...fields } });

describe.skipIf(!features.scheduling)('commenting on a poll', () => {
  it('keeps a guest’s comment under their name and a member’s under their account’s, marking the reader’s own', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    const alice = await member();
    const guest = await post(poll.id, { name: '  Róisín ', text: '  Saturday suits us best.\r\nBring cake?  ' });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    const mine = await post(poll.id, { name: 'Someone else', text: 'I can do Friday.' }, alice.token);
    expect(mine.body.comment).toMatchObject({ name: alice.name, member: true, own: true });

    const seen = await read(poll.id, alice.token);
    expect(seen.moderator).toBe(false);
    expect(seen.comments).toEqual([
      {
        id: expect.any(String),
        name: 'Róisín',
        member: false,
        text: 'Saturday suits us best.\nBring cake?',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        name: alice.name,
        member: true,
        text: 'I can do Friday.',
        createdAt: expect.any(String),
        own: true,
      },
    ]);
    expect((await read(poll.id)).comments.some((each: PollComment) => each.own)).toBe(false);
    expect((await read(poll.id, organiser.token)).moderator).toBe(true);
    expect((await read(poll.id, admin)).moderator).toBe(true);
    // No account key reaches a reader.
    expect(JSON.stringify(await read(poll.id))).not.toContain('#');
  });

  it('refuses a guest without a name, blank and long text, and strips what cannot be shown', async () => {
    const poll = await madePoll((await member()).token);
    expect(await post(poll.id, { text: 'Hello' })).toMatchObject({ status: 400, body: { error: COMMENT_NAME_NEEDED } });
    expect(await post(poll.id, { name: 'Bo', text: ' \u0000 \n ' })).toMatchObject({
      status: 400,
      body: { error: COMMENT_BLANK },
    });
    const long = await post(poll.id, { name: 'Bo', text: 'x'.repeat(MAX_COMMENT_LENGTH + 1) });
    expect(long).toMatchObject({ status: 400, body: { error: COMMENT_TOO_LONG } });
    const odd = await post(poll.id, { name: 'Bo', text: `a\u0007b\u202Ec\td` });
    expect(odd.body.comment).toMatchObject({ text: 'abc\td' });
    expect(await post(poll.id, { name: 'Bo\u202E', text: 'x' })).toMatchObject({ status: 400 });
    expect(await post('zzzzzzzzzzzz', { name: 'Bo', text: 'x' })).toMatchObject({ status: 404 });
  });

  it(`takes ${COMMENTS_PER_POLL_PER_ADDRESS} comments a poll an hour from one address, also when sent at once`, async () => {
    const poll = await madePoll((await member()).token);
    const address = newAddress();
    const sent = await Promise.all(
      Array.from({ length: COMMENTS_PER_POLL_PER_ADDRESS + 5 }, (_, i) =>
        post(poll.id, { name: 'Bo', text: `Comment ${i}` }, undefined, address),
      ),
    );
    expect(sent.filter((each) => each.status === 200)).toHaveLength(COMMENTS_PER_POLL_PER_ADDRESS);
    expect(sent.filter((each) => each.status === 429)).toHaveLength(5);
    // Another address still comments.
    expect((await post(poll.id, { name: 'Cy', text: 'Me too' })).status).toBe(200);
  });

  it(`keeps at most ${MAX_COMMENTS_PER_POLL} comments a poll`, async () => {
    const poll = await madePoll((await member()).token);
    const filler = JSON.stringify({ id: 'filler', name: 'Bo', text: 'x', createdAt: new Date().toISOString() });
    await redis().rpush(
      schedulingKeys.comments(poll.id),
      ...Array.from({ length: MAX_COMMENTS_PER_POLL - 1 }, () => filler),
    );
    expect((await post(poll.id, { name: 'Bo', text: 'The last one' })).status).toBe(200);
    expect(await post(poll.id, { name: 'Bo', text: 'One too many' })).toMatchObject({
      status: 409,
      body: { error: COMMENTS_FULL, reason: 'comments-full' },
    });
  });

  it('lets a member delete their own comment, the organiser and an admin anyone’s, and nobody else', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    const [alice, bob] = await Promise.all([member(), member()]);
    const id = async (token?: string) =>
      ((await post(poll.id, { name: 'Guest', text: 'Hello' }, token)).body.comment as PollComment).id;
    const [alices, guests, another] = [await id(alice.token), await id(), await id()];
    const remove = (commentId: string, token?: string) =>
      call(deleteCommentHandler, { token, body: { pollId: poll.id, commentId } });
    expect((await remove(alices)).status).toBe(401);
    expect(await remove(alices, bob.token)).toMatchObject({ status: 403, body: { error: NOT_YOUR_COMMENT } });
    expect(await remove(guests, alice.token)).toMatchObject({ status: 403 });
    expect((await remove(alices, alice.token)).status).toBe(200);
    expect((await remove(guests, organiser.token)).status).toBe(200);
    expect((await remove(another, admin)).status).toBe(200);
    expect((await remove(another, admin)).status).toBe(404);
    expect((await read(poll.id)).comments).toEqual([]);
  });

  it('lets the organiser switch comments off and on; others may not; the poll says so', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    expect((await settings(poll.id, { comments: false })).status).toBe(401);
    expect(await settings(poll.id, { comments: false }, (await member()).token)).toMatchObject({
      status: 403,
      body: { error: NOT_YOUR_POLL },
    });
    expect((await settings(poll.id, { comments: false }, organiser.token)).status).toBe(200);
    const read = await call(pollHandler, { method: 'GET', path: `/api/scheduling/poll/${poll.id}` });
    expect(read.body.commentsOff).toBe(true);
    expect(await post(poll.id, { name: 'Bo', text: 'Hello' })).toMatchObject({
      status: 409,
      body: { error: COMMENTS_OFF, reason: 'comments-off' },
    });
    const listed = (await call(ownPolls, { method: 'GET', token: organiser.token })).body as unknown as PollsPage;
    expect(listed.polls[0]).toMatchObject({ id: poll.id, commentsOff: true });
    expect((await settings(poll.id, { comments: true }, admin)).status).toBe(200);
    expect((await post(poll.id, { name: 'Bo', text: 'Hello' })).status).toBe(200);
  });

  it('switches a digest on only for an organiser with a verified email address, or for a poll of the console’s own', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    expect(await settings(poll.id, { digest: true }, organiser.token)).toMatchObject({
      status: 409,
      body: { error: NO_DIGEST_ADDRESS },
    });
    await redis().hset(keys.user(usernameKey(organiser.name)), { email: 'organiser@example.com' });
    expect((await settings(poll.id, { digest: true }, organiser.token)).status).toBe(409); // not verified
    await redis().hset(keys.user(usernameKey(organiser.name)), { emailVerified: 'organiser@example.com' });
    expect((await settings(poll.id, { digest: true }, organiser.token)).status).toBe(200);
    const listed = (await call(ownPolls, { method: 'GET', token: organiser.token })).body as unknown as PollsPage;
    expect(listed.polls[0]).toMatchObject({ id: poll.id, digest: true });
    expect(await redis().sismember(schedulingKeys.digests(), poll.id)).toBe(1);
    expect((await settings(poll.id, { digest: false }, organiser.token)).status).toBe(200);
    expect(await redis().sismember(schedulingKeys.digests(), poll.id)).toBe(0);
    // A poll the operator's tools made is nobody's: its digest goes to the owner's inbox.
    const { poll: nobodys } = await createPoll(OPERATOR, newPollForm());
    expect((await settings(nobodys.id, { digest: true }, admin)).status).toBe(200);
  });

  it('goes with its poll: deleting the poll deletes its comments and settings', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    await post(poll.id, { name: 'Bo', text: 'Hello' });
    await settings(poll.id, { comments: false }, organiser.token);
    expect((await call(deletePollHandler, { token: organiser.token, body: { pollId: poll.id } })).status).toBe(200);
    expect(await redis().exists(schedulingKeys.comments(poll.id))).toBe(0);
    expect(await redis().sismember(schedulingKeys.commentsOff(), poll.id)).toBe(0);
  });

  it('reads comments in one round trip, and comments, deletes and changes settings in at most two', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    expect(await countStoreRoundTrips(() => read(poll.id, organiser.token))).toBe(1);
    let commentId = '';
    expect(
      await countStoreRoundTrips(async () => {
        commentId = ((await post(poll.id, { text: 'Hi' }, organiser.token)).body.comment as PollComment).id;
      }),
    ).toBe(2);
    expect(
      await countStoreRoundTrips(() =>
        call(deleteCommentHandler, { token: organiser.token, body: { pollId: poll.id, commentId } }),
      ),
    ).toBe(1);
    expect(await countStoreRoundTrips(() => settings(poll.id, { comments: false }, organiser.token))).toBe(1);
  });
});
