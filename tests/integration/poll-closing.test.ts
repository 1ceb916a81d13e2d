// Closing the one-question poll: the owner closes and reopens a question through
// /api/poll/set-closed (clearance 3, within the admins' limit); a closed question refuses every
// vote inside the vote's script, under parallel votes too; the read answers `closed` in its one
// round trip. The file has a store of its own: a closed question would refuse other suites' votes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import setClosed from '../../netlify/functions/poll-set-closed.mts';
import setEnd from '../../netlify/functions/poll-set-end.mts';
import { MAX_END_DAYS } from '../../src/features/poll/logic.ts';
import { POLL_CLOSED } from '../../src/features/poll/schema.ts';
import { setClosed as setClosedAs } from '../../src/features/poll/service.server.ts';
import { ADMIN_LIMIT } from '../../src/server/admin-limit.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { pollKeys } from '../../src/features/poll/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

useOwnStore();

const closedAnswer = { status: 409, body: { error: POLL_CLOSED, code: 'conflict', reason: 'poll-closed' } };
/** A vote under a name no account can have (its space), so it looks at no account. */
const vote = (name = `${uniqueName('V')} Lee`) => call(createVote, { body: { name, question: 0, vote: ['0'] } });
const read = async () => (await call(getAllVotes, { body: { question: 0 } })).body;
const voters = () => redis().hlen(pollKeys.votes(0));
const owner = () => tokenFor(uniqueName('owner'), 3);

describe.skipIf(!features.poll)('closing the one-question poll', () => {
  it('is the owner’s (clearance 3) alone: 401 without a token, 403 below, then closed and reopened', async () => {
    const request = { question: 0, closed: true };
    expect(await call(setClosed, { body: request })).toMatchObject({ status: 401 });
    for (const clearance of [1, 2]) {
      const token = await tokenFor(uniqueName('member'), clearance);
      expect(await call(setClosed, { token, body: request })).toMatchObject({ status: 403 });
    }
    expect(await read()).toMatchObject({ status: 'Success', closed: false });

    const token = await owner();
    expect(await call(setClosed, { token, body: request })).toEqual({
      status: 200,
      body: { status: 'Success', closed: true },
      headers: expect.anything(),
    });
    expect(await read()).toMatchObject({ status: 'Success', closed: true, allVotes: expect.any(Array) });
    // Closing again keeps it closed, from the time it was first closed.
    const closedAt = await redis().get(pollKeys.closed(0));
    expect((await call(setClosed, { token, body: request })).body).toEqual({ status: 'Success', closed: true });
    expect(await redis().get(pollKeys.closed(0))).toBe(closedAt);

    const before = await voters();
    expect(await vote()).toMatchObject(closedAnswer);
    expect(await voters()).toBe(before);

    expect((await call(setClosed, { token, body: { question: 0, closed: false } })).body).toEqual({
      status: 'Success',
      closed: false,
    });
    expect(await read()).toMatchObject({ closed: false });
    expect((await vote()).body).toEqual({ status: 'Success' });
  });

  it('refuses every one of many parallel votes once closed, and a voter who voted before too', async () => {
    const early = `${uniqueName('V')} Lee`;
    expect((await vote(early)).body).toEqual({ status: 'Success' });
    await setClosedAs(OPERATOR, 0, true);
    const before = await voters();
    const answers = await Promise.all(Array.from({ length: 30 }, () => vote()));
    expect(answers.every((answer) => answer.status === 409 && answer.body.reason === 'poll-closed')).toBe(true);
    expect(await vote(early)).toMatchObject(closedAnswer);
    expect(await voters()).toBe(before);
    await setClosedAs(OPERATOR, 0, false);
  });

  it('takes no vote after the close, when votes race it: each is counted and answered Success, or refused', async () => {
    const before = await voters();
    const token = await owner();
    const racing = Array.from({ length: 40 }, () => vote());
    const closing = call(setClosed, { token, body: { question: 0, closed: true } });
    const answers = await Promise.all(racing);
    expect((await closing).status).toBe(200);
    const added = answers.filter((answer) => answer.body.status === 'Success').length;
    expect(added + answers.filter((answer) => answer.status === 409).length).toBe(answers.length);
    expect(await voters()).toBe(before + added);
    // Closed now: nothing more gets in.
    expect(await vote()).toMatchObject(closedAnswer);
    expect(await voters()).toBe(before + added);
    await setClosedAs(OPERATOR, 0, false);
  });

  it('reads in one round trip, closes and reopens in one, and a vote on a closed question costs two', async () => {
    expect(await countStoreRoundTrips(read)).toBe(1);
    const token = await owner();
    for (const closed of [true, false, true]) {
      expect(
        await countStoreRoundTrips(() => call(setClosed, { token, body: { question: 0, closed } })),
      ).toBeLessThanOrEqual(2);
    }
    expect(await countStoreRoundTrips(() => vote())).toBe(2);
    await setClosedAs(OPERATOR, 0, false);
  });

  it(`counts within the admin's limit (${ADMIN_LIMIT.max} console actions in 10 minutes)`, async () => {
    const token = await owner();
    for (let i = 0; i < ADMIN_LIMIT.max; i++) {
      expect((await call(setClosed, { token, body: { question: 0, closed: i % 2 === 0 } })).status).toBe(200);
    }
    expect(await read()).toMatchObject({ closed: false });
    expect(await call(setClosed, { token, body: { question: 0, closed: true } })).toMatchObject({
      status: 429,
      body: { code: 'rate_limited' },
    });
    expect(await read()).toMatchObject({ closed: false });
  });

  it.each([
    [{ question: 0 }, expect.stringContaining('closed')],
    [{ question: 0, closed: 'yes' }, 'closed must be true or false.'],
    [{ question: 1, closed: true }, 'There is no such question.'],
    [{ question: '0', closed: true }, 'question must be a number.'],
  ])('refuses %j with 400', async (body, error) => {
    expect(await call(setClosed, { token: await owner(), body })).toMatchObject({ status: 400, body: { error } });
    expect(await read()).toMatchObject({ closed: false });
  });
});

describe.skipIf(!features.poll)('the one-question poll’s end time', () => {
  const HOUR = 3_600_000;
  /** Moves this process's clock (Date only, which the functions and the vote's script read) `ms` on. */
  const later = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  const end = async (endsAt: number | null) => call(setEnd, { token: await owner(), body: { question: 0, endsAt } });
  afterEach(async () => {
    vi.useRealTimers();
    await redis().del(pollKeys.ends(0), pollKeys.closed(0));
  });

  it('is the owner’s (clearance 3) alone: 401 without a token, 403 below', async () => {
    const body = { question: 0, endsAt: Date.now() + HOUR };
    expect(await call(setEnd, { body })).toMatchObject({ status: 401 });
    const token = await tokenFor(uniqueName('member'), 2);
    expect(await call(setEnd, { token, body })).toMatchObject({ status: 403 });
    expect(await read()).toMatchObject({ endsAt: null });
  });

  it('closes the question by itself at its time: the read says so, and the vote’s script refuses', async () => {
    const endsAt = Date.now() + HOUR;
    expect((await end(endsAt)).body).toEqual({ status: 'Success', endsAt });
    expect(await read()).toMatchObject({ closed: false, endsAt });
    expect((await vote()).body).toEqual({ status: 'Success' });

    later(HOUR + 1);
    expect(await read()).toMatchObject({ closed: true, endsAt });
    const before = await voters();
    expect(await vote()).toMatchObject(closedAnswer);
    expect(await voters()).toBe(before);
  });

  it('is taken away with null, and by reopening once it has passed; the owner’s close still closes before it', async () => {
    const endsAt = Date.now() + HOUR;
    await end(endsAt);
    await setClosedAs(OPERATOR, 0, true);
    expect(await read()).toMatchObject({ closed: true, endsAt });
    // Reopened before the end: the end time stays.
    await setClosedAs(OPERATOR, 0, false);
    expect(await read()).toMatchObject({ closed: false, endsAt });
    expect((await end(null)).body).toEqual({ status: 'Success', endsAt: null });
    expect(await read()).toMatchObject({ closed: false, endsAt: null });

    await end(endsAt);
    later(HOUR + 1);
    expect(await read()).toMatchObject({ closed: true });
    expect((await call(setClosed, { token: await owner(), body: { question: 0, closed: false } })).status).toBe(200);
    expect(await read()).toMatchObject({ closed: false, endsAt: null });
    expect((await vote()).body).toEqual({ status: 'Success' });
  });

  it('sets in one round trip, and an end time adds none to a read or a vote', async () => {
    const token = await owner();
    const votes = await countStoreRoundTrips(() => vote());
    const body = { question: 0, endsAt: Date.now() + HOUR };
    expect(await countStoreRoundTrips(() => call(setEnd, { token, body }))).toBeLessThanOrEqual(1);
    expect(await countStoreRoundTrips(read)).toBe(1);
    expect(await countStoreRoundTrips(() => vote())).toBe(votes);
  });

  it.each([
    ['now', 0, 'The end date must be in the future.'],
    ['an hour ago', -HOUR, 'The end date must be in the future.'],
    ['over a year ahead', (MAX_END_DAYS + 1) * 24 * HOUR, 'The end date must be within a year.'],
  ])('refuses a time %s with 400, and keeps none', async (_, from, error) => {
    expect(await end(Date.now() + from)).toMatchObject({ status: 400, body: { error } });
    expect(await read()).toMatchObject({ endsAt: null });
  });

  it.each([
    [{ question: 0 }, expect.stringContaining('endsAt')],
    [{ question: 0, endsAt: 'tomorrow' }, 'endsAt must be a time or null.'],
    [{ question: 0, endsAt: 1.5 }, 'endsAt must be whole milliseconds.'],
  ])('refuses %j with 400', async (body, error) => {
    expect(await call(setEnd, { token: await owner(), body })).toMatchObject({ status: 400, body: { error } });
  });
});
