// The configured polls (defense, ragnarok, the reunion date poll) are polls of the one model: the
// migration stores them in a store from before, keeping its votes; they read, vote, finalise and
// list like a poll made in the console, take yes answers only, and the spec's endpoints answer
// the same over them. The file has a store of its own: it deletes what other suites vote on.
import { OPERATOR } from '../../src/server/caller.ts';
import { describe, expect, it } from 'vitest';
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import addDateChoice from '../../netlify/functions/scheduling-add-date-choice.mts';
import choicesWithUsers from '../../netlify/functions/scheduling-choices-with-users.mts';
import createSchedulePolls from '../../netlify/functions/scheduling-create-schedule-polls.mts';
import deletePoll from '../../netlify/functions/scheduling-delete-poll.mts';
import finalisePoll from '../../netlify/functions/scheduling-finalise-poll.mts';
import pollHandler from '../../netlify/functions/scheduling-poll.mts';
import pollAnswers from '../../netlify/functions/scheduling-poll-answers.mts';
import listPolls from '../../netlify/functions/scheduling-polls.mts';
import removeVoter from '../../netlify/functions/scheduling-remove-voter.mts';
import reopenPoll from '../../netlify/functions/scheduling-reopen-poll.mts';
import scheduleItems from '../../netlify/functions/scheduling-schedule-items.mts';
import voteHandler from '../../netlify/functions/scheduling-vote.mts';
import { DATE_POLL, TIME_SLOT_POLLS } from '../../src/content/polls.ts';
import { NO_SUCH_VOTER } from '../../src/features/scheduling/organising/service.server.ts';
import { POLL_CLOSED } from '../../src/features/scheduling/poll/logic.ts';
import { migratePolls } from '../../src/features/scheduling/configured/service.server.ts';
import { TIME_SLOT_POLL_IDS, configuredPollItems, specPolls } from '../../src/features/scheduling/configured/logic.ts';
import { NEW_VOTERS_PER_ADDRESS } from '../../src/features/scheduling/voting/repo.server.ts';
import { redis } from '../../src/server/redis.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, newAddress, uniqueName } from './request.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';

useOwnStore(seedSchedulingPolls);

const get = async (handler: (req: Request) => Promise<Response>, path: string) =>
  (await call(handler, { method: 'GET', path })).body as unknown as Record<string, unknown> & unknown[];
const poll = (pollId: string) => call(pollHandler, { method: 'GET', path: `/api/scheduling/poll/${pollId}` });
const admin = () => tokenFor(uniqueName('organiser'), 3);
const firstItem = (pollId = 'defense') => configuredPollItems(pollId as 'defense')[0]!._id;
const anon = () => `anon_${uniqueName('Voter')}`;

/** The store as it was before the configured polls joined the model: no stored definitions. */
async function forgetDefinitions() {
  await redis().hdel(schedulingKeys.polls(), ...specPolls().map((each) => each.id));
}

describe.skipIf(!features.scheduling)('the migration', () => {
  it('stores the configured polls in a store holding votes in the old layout, keeping the votes, once', async () => {
    await forgetDefinitions();
    const voter = anon();
    expect(
      (await call(addChoice, { body: { pollId: 'defense', scheduleItemId: firstItem(), username: voter } })).status,
    ).toBe(200);
    const date = `${DATE_POLL.dates[0].date}_DATE`;
    expect((await call(addDateChoice, { body: { pollId: DATE_POLL.id, date, username: voter } })).status).toBe(200);
    const before = await get(choicesWithUsers, '/api/scheduling/choices-with-users/defense');
    expect(await redis().hlen(schedulingKeys.polls())).toBe(0);

    expect((await migratePolls(OPERATOR)).stored).toBe(specPolls().length);
    expect(await redis().hkeys(schedulingKeys.polls())).toEqual(
      expect.arrayContaining(specPolls().map((each) => each.id)),
    );
    expect((await migratePolls(OPERATOR)).stored).toBe(0);

    expect(await get(choicesWithUsers, '/api/scheduling/choices-with-users/defense')).toEqual(before);
    const answers = await get(pollAnswers, `/api/scheduling/poll-answers/${DATE_POLL.id}`);
    expect(answers).toContainEqual({
      option: date,
      answer: 'yes',
      user: { username: voter },
      voter: expect.any(Number),
    });
  });
});

describe.skipIf(!features.scheduling)('the migration to polls with places', () => {
  it('gives the made polls of an older store their places in the console’s list, oldest first, once', async () => {
    const [older, newer] = [
      uniqueName('old').replace(/\W/g, '').toLowerCase(),
      uniqueName('new').replace(/\W/g, '').toLowerCase(),
    ];
    const definition = (createdAt: number) => JSON.stringify({ ...specPolls()[0], id: undefined, createdAt });
    // Stored as a version before places stored them: in the polls hash, in no list.
    await redis().hset(schedulingKeys.polls(), { [newer]: definition(2000), [older]: definition(1000) });
    const { placed } = await migratePolls(OPERATOR);
    expect(placed).toBeGreaterThanOrEqual(2);
    const [olderPlace, newerPlace] = await Promise.all([
      redis().zscore(schedulingKeys.pollIndex(), older),
      redis().zscore(schedulingKeys.pollIndex(), newer),
    ]);
    expect(olderPlace).not.toBeNull();
    expect(Number(newerPlace)).toBeGreaterThan(Number(olderPlace));
    expect((await migratePolls(OPERATOR)).placed).toBe(0);
    // The configured polls keep out of the made polls' list.
    for (const { id } of specPolls()) expect(await redis().zscore(schedulingKeys.pollIndex(), id)).toBeNull();
    await redis().hdel(schedulingKeys.polls(), older, newer);
    await redis().zrem(schedulingKeys.pollIndex(), older, newer);
  });
});

describe.skipIf(!features.scheduling)('a configured poll is a poll of the model', () => {
  it('reads as the config makes it, offering what the console offered, yes answers only', async () => {
    for (const pollId of TIME_SLOT_POLL_IDS) {
      const { status, body } = await poll(pollId);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: pollId, title: TIME_SLOT_POLLS[pollId].title, yesOnly: true });
      const items = (await get(scheduleItems, `/api/scheduling/schedule-items/${pollId}`)) as { _id: string }[];
      expect((body.options as { id: string }[]).map((option) => option.id)).toEqual(items.map((item) => item._id));
    }
    expect((await poll(DATE_POLL.id)).body).toMatchObject({ title: DATE_POLL.title, yesOnly: true });
  });

  it('takes votes through the one vote endpoint, refusing if need be', async () => {
    const vote = (answer: string, username = anon()) =>
      call(voteHandler, { body: { pollId: 'ragnarok', optionId: firstItem('ragnarok'), username, answer } });
    expect(await vote('ifNeedBe')).toMatchObject({ status: 400, body: { error: 'This poll takes yes answers only.' } });
    const username = anon();
    const { status, body } = await vote('yes', username);
    expect(status).toBe(200);
    expect(await get(pollAnswers, '/api/scheduling/poll-answers/ragnarok')).toContainEqual({
      option: firstItem('ragnarok'),
      answer: 'yes',
      user: { username },
      voter: expect.any(Number),
    });
    const removed = await call(voteHandler, {
      body: {
        pollId: 'ragnarok',
        optionId: firstItem('ragnarok'),
        username,
        claimSecret: body.claimSecret,
        answer: 'none',
      },
    });
    expect(removed.status).toBe(200);
    expect(await vote('yes', 'anon_ ')).toMatchObject({
      status: 400,
      body: { error: 'Please enter your name to vote.' },
    });
  });

  it('is finalised and reopened by the organiser; closed, it refuses votes on the spec endpoints too', async () => {
    const token = await admin();
    const option = firstItem();
    expect((await call(finalisePoll, { token, body: { pollId: 'defense', optionId: option } })).status).toBe(200);
    expect((await poll('defense')).body).toMatchObject({ final: option });
    const refused = await call(addChoice, { body: { pollId: 'defense', scheduleItemId: option, username: anon() } });
    expect(refused).toMatchObject({ status: 409, body: { error: POLL_CLOSED } });
    expect((await call(reopenPoll, { token, body: { pollId: 'defense' } })).status).toBe(200);
    // The console's first page lists the configured polls beside the made ones.
    const listed = (await call(listPolls, { method: 'GET', token })).body as unknown as { polls: { id: string }[] };
    expect(listed.polls.map((each) => each.id)).toEqual(expect.arrayContaining(specPolls().map((each) => each.id)));
  });

  it('deleted, it reads as its config with nothing offered; the console offers its slots again', async () => {
    const token = await admin();
    expect((await call(deletePoll, { token, body: { pollId: 'defense' } })).status).toBe(200);
    expect((await poll('defense')).body).toMatchObject({ id: 'defense', options: [] });
    expect(await get(scheduleItems, '/api/scheduling/schedule-items/defense')).toEqual([]);
    expect((await call(createSchedulePolls, { token })).status).toBe(200);
    expect(await redis().hexists(schedulingKeys.polls(), 'defense')).toBe(1);
    expect((await get(scheduleItems, '/api/scheduling/schedule-items/defense')).length).toBe(
      configuredPollItems('defense').length,
    );
  });
});

describe.skipIf(!features.scheduling)('nobody can lock a poll', () => {
  // Names no account could have, so no look at accounts (register's limit) is counted.
  const madeUp = () => `anon_Zoë ${uniqueName('Voter')}`;

  it('lets one address bring only so many made-up voters into a poll in an hour', async () => {
    const address = newAddress();
    const tries = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(voteHandler, {
          address,
          body: { pollId: 'ragnarok', optionId: firstItem('ragnarok'), username: madeUp(), answer: 'yes' },
        }),
      ),
    );
    const admitted = tries.filter((each) => each.status === 200).length;
    expect(admitted).toBe(NEW_VOTERS_PER_ADDRESS.max);
    expect(tries.filter((each) => each.status === 429)).toHaveLength(60 - admitted);
    // Another address, or another poll, is not held back by it.
    const elsewhere = { pollId: 'defense', optionId: firstItem(), username: madeUp(), answer: 'yes' };
    expect((await call(voteHandler, { address, body: elsewhere })).status).toBe(200);
  });

  it('counts signed-in voters new to a poll among the address’s new voters too', async () => {
    const address = newAddress();
    const vote = async () => {
      const username = uniqueName('member');
      const body = { pollId: 'ragnarok', optionId: firstItem('ragnarok'), username, answer: 'yes' };
      return call(voteHandler, { address, token: await tokenFor(username, 1), body });
    };
    for (let i = 0; i < NEW_VOTERS_PER_ADDRESS.max; i++) expect((await vote()).status).toBe(200);
    expect((await vote()).status).toBe(429);
  });

  it('stops counting a voter who has no answers left; the name stays theirs', async () => {
    const username = anon();
    const people = () => redis().hlen(schedulingKeys.people('defense'));
    const before = await people();
    const added = await call(voteHandler, {
      body: { pollId: 'defense', optionId: firstItem(), username, answer: 'yes' },
    });
    expect(await people()).toBe(before + 1);
    const claimSecret = added.body.claimSecret;
    const removed = await call(voteHandler, {
      body: { pollId: 'defense', optionId: firstItem(), username, claimSecret, answer: 'none' },
    });
    expect(removed.status).toBe(200);
    expect(await people()).toBe(before);
    const stranger = await call(voteHandler, {
      body: { pollId: 'defense', optionId: firstItem(), username, answer: 'yes' },
    });
    expect(stranger.status).toBe(409);
  });

  it('lets the organiser take a voter out of a poll with all their answers, freeing a place and the name', async () => {
    const username = anon();
    const [first, second] = configuredPollItems('ragnarok').map((each) => each._id);
    const vote = (optionId: string) =>
      call(voteHandler, { body: { pollId: 'ragnarok', optionId, username, answer: 'yes' } });
    const claimSecret = (await vote(first!)).body.claimSecret;
    await call(voteHandler, { body: { pollId: 'ragnarok', optionId: second, username, claimSecret, answer: 'yes' } });
    const voters = () => redis().hlen(schedulingKeys.people('ragnarok'));
    const before = Number(await voters());
    const version = (await poll('ragnarok')).body.version as number;
    const answersOf = async () =>
      (
        (await get(pollAnswers, '/api/scheduling/poll-answers/ragnarok')) as unknown as { user: { username: string } }[]
      ).filter((answer) => answer.user.username === username);
    expect(await answersOf()).toHaveLength(2);

    // A visitor, or a member below the console's clearance, cannot.
    const request = { pollId: 'ragnarok', username };
    expect((await call(removeVoter, { body: request })).status).toBe(401);
    expect((await call(removeVoter, { token: await tokenFor(uniqueName('member'), 2), body: request })).status).toBe(
      403,
    );

    const removed = await call(removeVoter, {
      token: await admin(),
      body: request,
    });
    expect(removed).toMatchObject({ status: 200, body: { status: 'Success', removedAnswers: 2 } });
    expect(await answersOf()).toEqual([]);
    expect(Number(await voters())).toBe(before - 1);
    expect((await poll('ragnarok')).body.version).toBeGreaterThan(version);
    // The name is free again: anyone may vote under it, with a new claim.
    expect((await vote(first!)).status).toBe(200);
    // A member is taken out by the name the answers show, whatever key their account has.
    const member = uniqueName('member');
    const token = await tokenFor(member, 1);
    await call(voteHandler, { token, body: { pollId: 'ragnarok', optionId: first, username: member, answer: 'yes' } });
    expect(
      await call(removeVoter, { token: await admin(), body: { pollId: 'ragnarok', username: member } }),
    ).toMatchObject({
      status: 200,
      body: { removedAnswers: 1 },
    });
    expect(
      (await call(removeVoter, { token: await admin(), body: { pollId: 'ragnarok', username: anon() } })).body,
    ).toEqual({
      error: NO_SUCH_VOTER,
      code: 'not_found',
    });
  });
});
