// A poll the site config closes (`poll.closed: true`): closed whatever the store says. A
// vote is refused before any store call, the read says closed, and the console cannot reopen it.
import { describe, expect, it, vi } from 'vitest';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import setClosed from '../../netlify/functions/poll-set-closed.mts';
import { poll } from '../../src/content/site.config.ts';
import { POLL_CLOSED } from '../../src/features/poll/schema.ts';
import { CLOSED_IN_CONFIG } from '../../src/features/poll/service.server.ts';
import { pollKeys } from '../../src/features/poll/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

vi.mock('../../src/content/site.config.ts', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../src/content/site.config.ts')>();
  return { ...config, poll: { ...config.poll, closed: true } };
});

useOwnStore();

const read = async () => (await call(getAllVotes, { body: { question: 0 } })).body;

describe.skipIf(!features.poll)('a poll the site config closes', () => {
  it('reads the config as this file set it', () => {
    expect(poll.closed).toBe(true);
  });

  it('refuses a vote with 409 before any store call, and reads closed though the store has no flag', async () => {
    expect(await redis().exists(pollKeys.closed(0))).toBe(0);
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const trips = await countStoreRoundTrips(async () => {
      answer = await call(createVote, { body: { name: `${uniqueName('V')} Lee`, question: 0, vote: ['0'] } });
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: POLL_CLOSED, code: 'conflict', reason: 'poll-closed' },
    });
    expect(trips).toBe(0);
    expect(await redis().hlen(pollKeys.votes(0))).toBe(0);
    expect(await read()).toEqual({ status: 'Success', allVotes: [], closed: true, endsAt: null });
  });

  it('is not reopened by the owner’s console (409, saying where to), though closing it again is fine', async () => {
    const token = await tokenFor(uniqueName('owner'), 3);
    expect(await call(setClosed, { token, body: { question: 0, closed: false } })).toMatchObject({
      status: 409,
      body: { error: CLOSED_IN_CONFIG, code: 'conflict' },
    });
    expect((await call(setClosed, { token, body: { question: 0, closed: true } })).body).toEqual({
      status: 'Success',
      closed: true,
    });
    expect(await read()).toMatchObject({ closed: true });
  });
});
