// The one-question poll's endpoints against the local store.
import { describe, expect, it } from 'vitest';
import register from '../../netlify/functions/auth-register.mts';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import removeVoter from '../../netlify/functions/poll-remove-voter.mts';
import { createAccount, deleteUser } from '../../src/features/auth/service.server.ts';
import { ACCOUNT_NAME, BLANK_NAME, NO_OPTION } from '../../src/features/poll/schema.ts';
import { LIMITS, NO_SUCH_VOTER, migrateVotes } from '../../src/features/poll/service.server.ts';
import { pollKeys } from '../../src/features/poll/keys.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { ACCOUNT_PROBE_LIMITS } from '../../src/server/account-probe.ts';
import { keys } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { features, poll } from '../site-config.ts';
import { sessionUserFor, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

/** The owner's question's last option (src/content/site.config.ts), and the first id past its options. */
const LAST = String(poll.options.length - 1);
const PAST_LAST = String(poll.options.length);

const votesOf = async (name: string) => {
  const { body } = await call(getAllVotes, { body: { question: 0 } });
  return (body.allVotes as { inputtedName: string; numberVotedFor: string }[]).filter(
    (vote) => vote.inputtedName.toLowerCase() === name.toLowerCase(),
  );
};

describe.skipIf(!features.poll)('one-question poll', () => {
  it('records a vote with several options, one record per option, and refuses a second vote', async () => {
    const name = uniqueName('Voter');
    expect(await call(createVote, { body: { name: `  ${name} `, question: 0, vote: [LAST, '0'] } })).toMatchObject({
      status: 200,
      body: { status: 'Success' },
    });
    expect(await votesOf(name)).toEqual([
      { inputtedName: name, numberVotedFor: '0', questionNumber: 0 },
      { inputtedName: name, numberVotedFor: LAST, questionNumber: 0 },
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

  it('keeps a member’s vote under their account, so a name registered again is another voter', async () => {
    const username = uniqueName('member');
    const vote = async () =>
      (await call(createVote, { token: await tokenFor(username, 1), body: { question: 0, vote: ['0'] } })).body;
    expect(await vote()).toEqual({ status: 'Success' });
    expect(await vote()).toEqual({ status: 'alreadyVoted' });
    await deleteUser(username);
    expect(await vote()).toEqual({ status: 'Success' });
    expect(await votesOf(username)).toHaveLength(2);
    // The owner takes off, by the name, the vote of the account that has it now.
    const owner = await tokenFor(uniqueName('owner'), 3);
    expect((await call(removeVoter, { token: owner, body: { question: 0, name: username } })).status).toBe(200);
    expect(await votesOf(username)).toHaveLength(1);
    expect(await vote()).toEqual({ status: 'Success' });
  });

  it('refuses an anonymous vote under a name in an account key’s form', async () => {
    const { accountKey } = await sessionUserFor(uniqueName('member'));
    expect(await call(createVote, { body: { name: accountKey, question: 0, vote: ['0'] } })).toMatchObject({
      status: 409,
      body: { error: ACCOUNT_NAME },
    });
  });

  it('moves a member’s vote from before account keys under their account key, once (migrate)', async () => {
    const username = uniqueName('member');
    const { accountKey } = await sessionUserFor(username);
    const old = JSON.stringify({ inputtedName: username, options: ['0'] });
    await redis().hset(pollKeys.votes(0), { [username.toLowerCase()]: old });
    expect(await migrateVotes(OPERATOR)).toBeGreaterThanOrEqual(1);
    expect(await redis().hexists(pollKeys.votes(0), accountKey)).toBe(1);
    expect(await redis().hexists(pollKeys.votes(0), username.toLowerCase())).toBe(0);
    const again = await call(createVote, { token: await tokenFor(username, 1), body: { question: 0, vote: ['1'] } });
    expect(again.body).toEqual({ status: 'alreadyVoted' });
    expect(await migrateVotes(OPERATOR)).toBe(0);
  });

  it.each([
    [{ question: 1 }, 'There is no such question.'],
    [{ vote: [PAST_LAST] }, 'There is no such option.'],
    [{ vote: ['-1'] }, 'Each vote is an option number.'],
    [{ name: '   ' }, 'Please enter your name to vote.'],
    [{ vote: [] }, 'Pick at least one option.'],
  ])('refuses %j with 400', async (overrides, error) => {
    const body = { name: uniqueName('Voter'), question: 0, vote: ['0'], ...overrides };
    expect(await call(createVote, { body })).toMatchObject({ status: 400, body: { error } });
  });

  it('reads in one round trip, with whether the question is closed, and votes in two', async () => {
    expect(await countStoreRoundTrips(() => call(getAllVotes, { body: { question: 0 } }))).toBe(1);
    expect((await call(getAllVotes, { body: { question: 0 } })).body).toEqual({
      status: 'Success',
      allVotes: expect.any(Array),
      closed: false,
      endsAt: null,
    });
    const vote = () => call(createVote, { body: { name: uniqueName('Voter'), question: 0, vote: ['0'] } });
    expect(await countStoreRoundTrips(vote)).toBe(2);
  });

  it(`limits a client to ${LIMITS.votesPerAddress.max} votes in 10 minutes`, async () => {
    const address = newAddress();
    // A name with a space can be no account's, so only the poll's own limits count it; one voter
    // voting again and again is held to this limit, not to the one on new voters.
    const name = `${uniqueName('V')} Lee`;
    for (let i = 0; i < LIMITS.votesPerAddress.max; i++) {
      expect((await call(createVote, { address, body: { name, question: 0, vote: ['0'] } })).status).toBe(200);
    }
    expect((await call(createVote, { address, body: { name, question: 0, vote: ['0'] } })).status).toBe(429);
  });

  it(`lets one address bring only ${LIMITS.newVotersPerAddress.max} made-up voters into a question in an hour`, async () => {
    const address = newAddress();
    const tries = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(createVote, { address, body: { name: `${uniqueName('V')} Lee`, question: 0, vote: ['0'] } }),
      ),
    );
    const admitted = tries.filter((each) => each.body.status === 'Success').length;
    expect(admitted).toBe(LIMITS.newVotersPerAddress.max);
    expect(tries.filter((each) => each.status === 429)).toHaveLength(60 - admitted);
  });

  it('counts signed-in voters new to a question among the address’s new voters too', async () => {
    const address = newAddress();
    const vote = async () =>
      call(createVote, { address, token: await tokenFor(uniqueName('member'), 1), body: { question: 0, vote: ['0'] } });
    for (let i = 0; i < LIMITS.newVotersPerAddress.max; i++) expect((await vote()).body.status).toBe('Success');
    expect((await vote()).status).toBe(429);
  });

  it('lets the owner (console clearance) take a voter off a question; the name can vote again', async () => {
    const name = uniqueName('Voter');
    await call(createVote, { body: { name, question: 0, vote: ['0', '1'] } });
    const request = { question: 0, name: name.toUpperCase() };
    expect((await call(removeVoter, { body: request })).status).toBe(401);
    expect((await call(removeVoter, { token: await tokenFor(uniqueName('member'), 2), body: request })).status).toBe(
      403,
    );
    expect(await votesOf(name)).toHaveLength(2);

    const owner = await tokenFor(uniqueName('owner'), 3);
    expect(await call(removeVoter, { token: owner, body: request })).toMatchObject({
      status: 200,
      body: { status: 'Success' },
    });
    expect(await votesOf(name)).toEqual([]);
    expect((await call(removeVoter, { token: owner, body: request })).body).toEqual({
      error: NO_SUCH_VOTER,
      code: 'not_found',
    });
    expect((await call(createVote, { body: { name, question: 0, vote: [LAST] } })).body).toEqual({ status: 'Success' });
  });
});

describe.skipIf(!features.poll)('one-question poll: options and names', () => {
  it.each([['00'], ['01'], ['0', PAST_LAST], ['007']])(
    'accepts only the option ids the question offers, not %j',
    async (...vote) => {
      const name = uniqueName('Voter');
      expect(await call(createVote, { body: { name, question: 0, vote } })).toMatchObject({
        status: 400,
        body: { error: 'There is no such option.', code: 'bad_request' },
      });
      expect(await votesOf(name)).toEqual([]);
    },
  );

  it('refuses an empty ballot with a message the page shows at the options, and stores nothing', async () => {
    const name = uniqueName('Voter');
    expect(await call(createVote, { body: { name, question: 0, vote: [] } })).toEqual({
      status: 400,
      body: { error: NO_OPTION, code: 'bad_request', reason: 'no-option' },
      headers: expect.anything(),
    });
    expect(await call(createVote, { token: await tokenFor(name, 1), body: { question: 0, vote: [] } })).toMatchObject({
      status: 400,
      body: { reason: 'no-option' },
    });
    expect(await votesOf(name)).toEqual([]);
    // Nor does it spend the address's votes: refused before any store call.
    expect(await countStoreRoundTrips(() => call(createVote, { body: { name, question: 0, vote: [] } }))).toBe(0);
  });

  it('refuses a blank name with a message the page can show', async () => {
    expect(await call(createVote, { body: { name: ' \t ', question: 0, vote: ['0'] } })).toMatchObject({
      status: 400,
      body: { error: BLANK_NAME, reason: 'blank-name' },
    });
    expect(await call(createVote, { body: { question: 0, vote: ['0'] } })).toMatchObject({ status: 400 });
  });

  it("refuses an anonymous vote under an account's name, in any letter case; the account votes as itself", async () => {
    const username = uniqueName('member');
    await createAccount({ username, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
    for (const name of [username, username.toUpperCase(), `  ${username} `]) {
      expect(await call(createVote, { body: { name, question: 0, vote: ['1'] } })).toMatchObject({
        status: 409,
        body: { error: ACCOUNT_NAME, code: 'conflict', reason: 'account-name' },
      });
    }
    expect(await votesOf(username)).toEqual([]);
    const token = await tokenFor(username, 1);
    expect((await call(createVote, { token, body: { name: '', question: 0, vote: ['1'] } })).body).toEqual({
      status: 'Success',
    });
    expect(await votesOf(username)).toEqual([{ inputtedName: username, numberVotedFor: '1', questionNumber: 0 }]);
  });

  it("looks for accounts within register's per-address limit, whether the account exists or not; no name is held back", async () => {
    const address = newAddress();
    const account = async () => {
      const username = uniqueName('member');
      await createAccount({ username, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
      return username;
    };
    const taken = await account();
    const vote = (name: string, from = address) =>
      call(createVote, { address: from, body: { name, question: 0, vote: ['0'] } });
    const counted = async () =>
      Number(await redis().get(keys.rateLimit(ACCOUNT_PROBE_LIMITS.perAddress.bucket, address)));
    expect((await vote(taken)).status).toBe(409);
    // The same name again from the same address is no new look.
    expect((await vote(taken.toUpperCase())).status).toBe(409);
    expect(await counted()).toBe(1);
    for (let i = 1; i < ACCOUNT_PROBE_LIMITS.perAddress.max; i++)
      expect((await vote(uniqueName('V'))).status).toBe(200);
    // Over the limit, a new free name and a new account's name get the same answer.
    const [free, other] = [await vote(uniqueName('V')), await vote(await account())];
    expect(free).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(other).toMatchObject({ status: 429, body: free.body });
    // The counter is register's own: this address has used up its register attempts too.
    expect(await counted()).toBeGreaterThan(ACCOUNT_PROBE_LIMITS.perAddress.max);
    // A name that can be no account's is not a look at accounts.
    expect((await vote(`${uniqueName('V')} Lee`)).status).toBe(200);

    // One name looked at from many addresses holds it back from no one: it is still registered.
    const probed = uniqueName('member');
    for (let i = 0; i < 8; i++) expect((await vote(probed, newAddress())).status).not.toBe(429);
    const registered = await call(register, { body: { username: probed, password: 'a-long-password' } });
    expect(registered.status).toBe(200);
  });

  it('votes in two round trips under a name that could be an account', async () => {
    expect(
      await countStoreRoundTrips(() =>
        call(createVote, { body: { name: uniqueName('Voter'), question: 0, vote: ['0'] } }),
      ),
    ).toBe(2);
  });
});
