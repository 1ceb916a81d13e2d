// The one-question poll's endpoints against the local store.
import { describe, expect, it } from 'vitest';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import { LIMITS } from '../../src/features/poll/service.server.ts';
import { tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

const votesOf = async (name: string) => {
  const { body } = await call(getAllVotes, { body: { question: 0 } });
  return (body.allVotes as { inputtedName: string; numberVotedFor: string }[]).filter(
    (vote) => vote.inputtedName.toLowerCase() === name.toLowerCase(),
  );
};

describe('one-question poll', () => {
  it('records a vote with several options, one record per option, and refuses a second vote', async () => {
    const name = uniqueName('Voter');
    expect(await call(createVote, { body: { name: `  ${name} `, question: 0, vote: ['2', '0'] } })).toMatchObject({
      status: 200,
      body: { status: 'Success' },
    });
    expect(await votesOf(name)).toEqual([
      { inputtedName: name, numberVotedFor: '0', questionNumber: 0 },
      { inputtedName: name, numberVotedFor: '2', questionNumber: 0 },
    ]);
    // The same name in other letters is the same voter.
    expect((await call(createVote, { body: { name: name.toUpperCase(), question: 0, vote: ['1'] } })).body).toEqual({
      status: 'alreadyVoted',
    });
    expect(await votesOf(name)).toHaveLength(2);
  });

  it('votes as the token user when logged in, whatever name is typed', async () => {
    const username = uniqueName('member');
    const token = await tokenFor(username, 1);
    expect((await call(createVote, { token, body: { name: 'Someone Else', question: 0, vote: ['1'] } })).body).toEqual({
      status: 'Success',
    });
    expect(await votesOf(username)).toEqual([{ inputtedName: username, numberVotedFor: '1', questionNumber: 0 }]);
    expect((await call(createVote, { token: 'not-a-token', body: { name: 'x', question: 0, vote: [] } })).status).toBe(
      401,
    );
  });

  it.each([
    [{ question: 1 }, 'There is no such question.'],
    [{ vote: ['3'] }, 'There is no such option.'],
    [{ vote: ['-1'] }, 'Each vote is an option number.'],
    [{ name: '   ' }, 'Please enter your name to vote.'],
  ])('refuses %j with 400', async (overrides, error) => {
    const body = { name: uniqueName('Voter'), question: 0, vote: ['0'], ...overrides };
    expect(await call(createVote, { body })).toMatchObject({ status: 400, body: { error } });
  });

  it('reads in one round trip and votes in two', async () => {
    expect(await countStoreRoundTrips(() => call(getAllVotes, { body: { question: 0 } }))).toBe(1);
    const vote = () => call(createVote, { body: { name: uniqueName('Voter'), question: 0, vote: ['0'] } });
    expect(await countStoreRoundTrips(vote)).toBe(2);
  });

  it(`limits a client to ${LIMITS.votesPerAddress.max} votes in 10 minutes`, async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.votesPerAddress.max; i++) {
      expect(
        (await call(createVote, { address, body: { name: uniqueName('V'), question: 0, vote: ['0'] } })).status,
      ).toBe(200);
    }
    expect(
      (await call(createVote, { address, body: { name: uniqueName('V'), question: 0, vote: ['0'] } })).status,
    ).toBe(429);
  });
});
