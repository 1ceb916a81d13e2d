// The scheduling endpoints against the local store: reads, votes as a member and as an anonymous
// name with its claim secret, impersonation, idempotent sets, concurrency, round trips, and the
// console's six actions with their clearance.
import { beforeAll, describe, expect, it } from 'vitest';
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import addDateChoice from '../../netlify/functions/scheduling-add-date-choice.mts';
import availableDates from '../../netlify/functions/scheduling-available-dates.mts';
import choicesWithUsers from '../../netlify/functions/scheduling-choices-with-users.mts';
import createScheduleDateItems from '../../netlify/functions/scheduling-create-schedule-date-items.mts';
import createScheduleItems from '../../netlify/functions/scheduling-create-schedule-items.mts';
import createSchedulePolls from '../../netlify/functions/scheduling-create-schedule-polls.mts';
import dateChoicesWithUsers from '../../netlify/functions/scheduling-date-choices-with-users.mts';
import dropScheduleDateItems from '../../netlify/functions/scheduling-drop-schedule-date-items.mts';
import dropScheduleItems from '../../netlify/functions/scheduling-drop-schedule-items.mts';
import dropSchedulePolls from '../../netlify/functions/scheduling-drop-schedule-polls.mts';
import removeChoice from '../../netlify/functions/scheduling-remove-choice.mts';
import removeDateChoice from '../../netlify/functions/scheduling-remove-date-choice.mts';
import scheduleItems from '../../netlify/functions/scheduling-schedule-items.mts';
import userChoices from '../../netlify/functions/scheduling-user-choices.mts';
import userDateChoices from '../../netlify/functions/scheduling-user-date-choices.mts';
import { DATE_POLL, TIME_SLOTS } from '../../src/content/polls.ts';
import { USERNAME_PATTERN } from '../../src/features/auth/schema.ts';
import { LIMITS as AUTH_LIMITS, createAccount } from '../../src/features/auth/service.server.ts';
import { NAME_TAKEN } from '../../src/features/scheduling/poll/logic.ts';
import { configuredItems } from '../../src/features/scheduling/configured/logic.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';
import { ADMIN_LIMIT } from '../../src/server/admin-limit.ts';
import { ACCOUNT_PROBE_LIMITS, couldBeAccountName } from '../../src/server/account-probe.ts';
import { keys } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

type Handler = (req: Request) => Promise<Response>;

const get = async (handler: Handler, path: string) => {
  const { status, body } = await call(handler, { method: 'GET', path });
  return { status, list: body as unknown as Record<string, unknown>[] & string[] };
};
const items = (pollId: string) => get(scheduleItems, `/api/scheduling/schedule-items/${pollId}`);
const choicesOf = (pollId: string, username: string) =>
  get(userChoices, `/api/scheduling/user-choices/${pollId}?username=${encodeURIComponent(username)}`);
const results = async (pollId = 'defense') =>
  (await get(choicesWithUsers, `/api/scheduling/choices-with-users/${pollId}`)).list as unknown as {
    scheduleItem: { _id: string; name: string };
    user: { username: string; firstName?: string };
  }[];
const votersOf = async (itemId: string, pollId = 'defense') =>
  (await results(pollId)).filter((choice) => choice.scheduleItem._id === itemId).map((choice) => choice.user);

const vote = (
  change: 'add' | 'remove',
  body: { scheduleItemId?: string; pollId?: string; username: string; claimSecret?: string },
  token?: string,
) =>
  call(change === 'add' ? addChoice : removeChoice, {
    token,
    body: { pollId: 'defense', scheduleItemId: firstItem(), ...body },
  });

const firstItem = () => configuredItems()[0]!._id;
const lastItem = () => configuredItems().at(-1)!._id;
let adminToken = '';

beforeAll(async () => {
  adminToken = await tokenFor(uniqueName('admin'), 3);
  for (const action of [createScheduleItems, createSchedulePolls, createScheduleDateItems]) {
    expect((await call(action, { token: adminToken })).status).toBe(200);
  }
});

describe.skipIf(!features.scheduling)('scheduling reads', () => {
  it('lists a poll items in date and slot order, ragnarok without 09/03', async () => {
    const defense = await items('defense');
    expect(defense.status).toBe(200);
    expect(defense.list.map((item) => (item as unknown as { name: string }).name)).toEqual(
      Object.entries(TIME_SLOTS).flatMap(([date, times]) => times.map((time) => `${date}_${time}`)),
    );
    expect(defense.list[0]).toEqual({ _id: firstItem(), name: configuredItems()[0]!.name });
    const ragnarok = (await items('ragnarok')).list as unknown as { name: string }[];
    expect(ragnarok.length).toBe(defense.list.length - TIME_SLOTS['09/03']!.length);
    expect(ragnarok.some((item) => item.name.startsWith('09/03'))).toBe(false);
  });

  it('lists the reunion dates with their descriptions', async () => {
    const { status, list } = await get(availableDates, `/api/scheduling/available-dates/${DATE_POLL.id}`);
    expect(status).toBe(200);
    expect(list).toEqual(
      DATE_POLL.dates.map(({ date, description }) => ({
        name: `${date}_DATE`,
        ...(description ? { description } : {}),
      })),
    );
  });

  it.each([
    [scheduleItems, '/api/scheduling/schedule-items/nope'],
    [scheduleItems, `/api/scheduling/schedule-items/${DATE_POLL.id}`],
    [availableDates, '/api/scheduling/available-dates/defense'],
    [choicesWithUsers, '/api/scheduling/choices-with-users/nope'],
    [userChoices, '/api/scheduling/user-choices/nope?username=x'],
    [userDateChoices, '/api/scheduling/user-date-choices/defense?username=x'],
    [dateChoicesWithUsers, '/api/scheduling/date-choices-with-users/ragnarok'],
  ])('refuses an unknown poll with 404, as every scheduling endpoint does (%#)', async (handler, path) => {
    expect(await call(handler, { method: 'GET', path })).toMatchObject({
      status: 404,
      body: { error: 'There is no such poll.' },
    });
  });

  it('refuses a missing username with 400', async () => {
    expect((await call(userChoices, { method: 'GET', path: '/api/scheduling/user-choices/defense' })).status).toBe(400);
  });

  it('reads results, items and choices in one round trip each', async () => {
    expect(await countStoreRoundTrips(() => results())).toBe(1);
    expect(await countStoreRoundTrips(() => items('defense'))).toBe(1);
    expect(await countStoreRoundTrips(() => choicesOf('defense', 'anon_x'))).toBe(1);
  });
});

describe.skipIf(!features.scheduling)('voting as a member', () => {
  it('votes as the token user, shows the first name, and removes the vote', async () => {
    const username = uniqueName('member');
    await createAccount({ username, password: 'a-long-password', firstName: 'Rosa', lastName: 'L', email: '' }, 1);
    const token = await tokenFor(username, 1);
    expect(await vote('add', { username }, token)).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect((await choicesOf('defense', username)).list).toEqual([firstItem()]);
    expect(await votersOf(firstItem())).toContainEqual({ username, firstName: 'Rosa' });
    expect((await vote('remove', { username: username.toUpperCase() }, token)).status).toBe(200);
    expect((await choicesOf('defense', username)).list).toEqual([]);
    expect(await votersOf(firstItem())).not.toContainEqual(expect.objectContaining({ username }));
  });

  it('refuses to vote as someone else, with or without a token', async () => {
    const victim = uniqueName('victim');
    const token = await tokenFor(uniqueName('member'), 1);
    expect(await vote('add', { username: victim }, token)).toMatchObject({
      status: 403,
      body: { error: 'You can only vote as yourself.' },
    });
    expect(await vote('add', { username: 'anon_Someone' }, token)).toMatchObject({ status: 403 });
    expect(await vote('add', { username: victim })).toMatchObject({
      status: 403,
      body: { error: 'Please log in to vote under your username.' },
    });
    expect((await vote('remove', { username: victim })).status).toBe(403);
    expect((await vote('add', { username: victim }, 'forged.token.here')).status).toBe(401);
    expect((await choicesOf('defense', victim)).list).toEqual([]);
  });

  it('adding twice or removing what is not there changes nothing', async () => {
    const username = uniqueName('member');
    const token = await tokenFor(username, 1);
    await vote('add', { username }, token);
    await vote('add', { username }, token);
    expect((await votersOf(firstItem())).filter((user) => user.username === username)).toHaveLength(1);
    expect((await vote('remove', { username, scheduleItemId: lastItem() }, token)).status).toBe(200);
    expect((await choicesOf('defense', username)).list).toEqual([firstItem()]);
  });
});

describe.skipIf(!features.scheduling)('voting under an anonymous name', () => {
  it('claims the name with the first vote and needs the secret afterwards', async () => {
    const name = uniqueName('Guest');
    const first = await vote('add', { username: `anon_  ${name}  ` });
    expect(first.status).toBe(200);
    const claimSecret = first.body.claimSecret as string;
    expect(claimSecret).toMatch(/^[\w-]{32}$/);
    expect(await votersOf(firstItem())).toContainEqual({ username: `anon_${name}` });

    // The same browser keeps editing with its secret; no new secret is handed out.
    const second = await vote('add', { username: `anon_${name}`, scheduleItemId: lastItem(), claimSecret });
    expect(second.body).toEqual({ status: 'Success' });
    expect((await vote('remove', { username: `anon_${name}`, claimSecret })).status).toBe(200);
    expect((await choicesOf('defense', `anon_${name}`)).list).toEqual([lastItem()]);

    // Anyone else, in any letter case, is refused, whether adding or removing.
    for (const attempt of [{}, { claimSecret: 'guess' }, { claimSecret: `${claimSecret}x` }]) {
      expect(await vote('add', { username: `anon_${name.toUpperCase()}`, ...attempt })).toMatchObject({
        status: 409,
        body: { error: NAME_TAKEN, reason: 'name-taken' },
      });
      expect((await vote('remove', { username: `anon_${name}`, scheduleItemId: lastItem(), ...attempt })).status).toBe(
        409,
      );
    }
    expect((await choicesOf('defense', `anon_${name}`)).list).toEqual([lastItem()]);
  });

  it('normalises whitespace in names, and refuses a blank one', async () => {
    const name = uniqueName('Ann');
    const { body } = await vote('add', { username: `anon_ ${name}   Lee ` });
    expect(body.claimSecret).toBeTruthy();
    expect(await votersOf(firstItem())).toContainEqual({ username: `anon_${name}_Lee` });
    expect(await vote('add', { username: 'anon_   ' })).toMatchObject({ status: 400 });
  });

  it('refuses the name of an account or of a member who voted', async () => {
    const username = uniqueName('member');
    await createAccount({ username, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
    expect(await vote('add', { username: `anon_${username.toUpperCase()}` })).toMatchObject({
      status: 409,
      body: { error: NAME_TAKEN, reason: 'name-taken' },
    });
    const voter = uniqueName('gone');
    await vote('add', { username: voter }, await tokenFor(voter, 1));
    expect((await vote('add', { username: `anon_${voter}` })).status).toBe(409);
  });

  it('says no more about a registered name than register does: the same answer as for a claimed name', async () => {
    const username = uniqueName('member');
    await createAccount({ username, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
    const claimed = `anon_${uniqueName('Guest')}`;
    expect((await vote('add', { username: claimed })).status).toBe(200);
    const forAccount = await vote('add', { username: `anon_${username}` });
    const forClaimed = await vote('add', { username: claimed });
    expect(forAccount).toMatchObject({
      status: 409,
      body: { error: NAME_TAKEN, code: 'conflict', reason: 'name-taken' },
    });
    expect(forClaimed.body).toEqual(forAccount.body);
    expect(NAME_TAKEN).not.toMatch(/account|user|regist/i);
  });

  it("looks for accounts within register's limits (shared counters), whether the account exists or not", async () => {
    // The same buckets and limits as register's, and the same idea of what can be a username.
    expect(ACCOUNT_PROBE_LIMITS).toEqual({ perAddress: AUTH_LIMITS.registerPerAddress });
    for (const name of ['ab', 'abc', 'a.b-c_d', 'x'.repeat(32), 'x'.repeat(33), 'Ann Lee', 'zoë', "o'neil"]) {
      expect(couldBeAccountName(name), name).toBe(USERNAME_PATTERN.test(name));
    }

    const address = newAddress();
    const anonVote = (username: string, extra: { claimSecret?: string; scheduleItemId?: string } = {}) =>
      call(addChoice, { address, body: { pollId: 'defense', scheduleItemId: firstItem(), username, ...extra } });
    const taken = uniqueName('member');
    await createAccount({ username: taken, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
    expect((await anonVote(`anon_${taken}`)).status).toBe(409);
    const mine = `anon_${uniqueName('Guest')}`;
    const { claimSecret } = (await anonVote(mine)).body as { claimSecret: string };
    for (let i = 2; i < ACCOUNT_PROBE_LIMITS.perAddress.max; i++) {
      expect((await anonVote(`anon_${uniqueName('Guest')}`)).status).toBe(200);
    }
    // Over the limit, a new free name and a new account's name get the same answer.
    const free = await anonVote(`anon_${uniqueName('Guest')}`);
    expect(free).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    const other = uniqueName('member');
    await createAccount({ username: other, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
    expect(await anonVote(`anon_${other}`)).toMatchObject({ status: 429, body: free.body });
    // A name this address already looked at, in this poll or another, is no new look.
    expect(await anonVote(`anon_${taken}`)).toMatchObject({ status: 409, body: { error: NAME_TAKEN } });
    const elsewhere = await call(addDateChoice, {
      address,
      body: { pollId: DATE_POLL.id, date: `${DATE_POLL.dates[0].date}_DATE`, username: mine },
    });
    expect(elsewhere.status).toBe(200);
    expect(Number(await redis().get(keys.rateLimit('register-ip', address)))).toBeGreaterThan(
      AUTH_LIMITS.registerPerAddress.max,
    );
    // A name already claimed keeps voting with its secret: no account is looked at.
    expect((await anonVote(mine, { claimSecret, scheduleItemId: lastItem() })).status).toBe(200);
  });

  it('a remove before any vote claims nothing', async () => {
    const name = uniqueName('Late');
    expect((await vote('remove', { username: `anon_${name}` })).body).toEqual({ status: 'Success' });
    expect((await vote('add', { username: `anon_${name}` })).body.claimSecret).toBeTruthy();
  });

  it('counts 50 concurrent voters on one slot', async () => {
    const names = Array.from({ length: 50 }, () => `anon_${uniqueName('Crowd')}`);
    const answers = await Promise.all(names.map((username) => vote('add', { username, scheduleItemId: lastItem() })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const voters = (await votersOf(lastItem())).map((user) => user.username);
    expect(names.every((name) => voters.includes(name))).toBe(true);
  });

  it('votes in two round trips: the rate limit, then the vote', async () => {
    expect(await countStoreRoundTrips(() => vote('add', { username: `anon_${uniqueName('Count')}` }))).toBe(2);
  });
});

describe.skipIf(!features.scheduling)('bad votes', () => {
  it.each([[{ pollId: 'nope' }], [{ pollId: DATE_POLL.id }]])('refuses %j with 404', async (overrides) => {
    const body = { username: `anon_${uniqueName('Bad')}`, ...overrides };
    expect(await vote('add', body)).toMatchObject({ status: 404, body: { error: 'There is no such poll.' } });
  });

  it.each([
    [{ scheduleItemId: 'nope' }, 'There is no such time slot.'],
    [
      { scheduleItemId: configuredItems().find((item) => item.name.startsWith('09/03'))!._id, pollId: 'ragnarok' },
      'There is no such time slot.',
    ],
    [{ username: '' }, 'Please log in or enter your name to vote.'],
    [{ username: 'anon_a\u0000b' }, 'Names cannot contain control characters.'],
    [{ username: `anon_${'x'.repeat(41)}` }, 'Names are at most 40 characters.'],
  ])('refuses %j with 400', async (overrides, error) => {
    const body = { username: `anon_${uniqueName('Bad')}`, ...overrides };
    expect(await vote('add', body)).toMatchObject({ status: 400, body: { error } });
  });
});

describe.skipIf(!features.scheduling)('the date poll', () => {
  const date = `${DATE_POLL.dates[0].date}_DATE`;
  const dateVote = (handler: Handler, body: Record<string, unknown>, token?: string) =>
    call(handler, { token, body: { pollId: DATE_POLL.id, date, ...body } });

  it('adds and removes date choices with the same identity rules', async () => {
    const name = `anon_${uniqueName('Cousin')}`;
    const { body } = await dateVote(addDateChoice, { username: name });
    const claimSecret = body.claimSecret as string;
    expect(claimSecret).toBeTruthy();
    const path = `/api/scheduling/user-date-choices/${DATE_POLL.id}?username=${name}`;
    expect((await get(userDateChoices, path)).list).toEqual([date]);
    const all = (await get(dateChoicesWithUsers, `/api/scheduling/date-choices-with-users/${DATE_POLL.id}`))
      .list as unknown as { date: string; user: { username: string } }[];
    expect(all).toContainEqual({ date, user: { username: name } });

    expect((await dateVote(removeDateChoice, { username: name })).status).toBe(409);
    expect((await dateVote(addDateChoice, { username: uniqueName('member') })).status).toBe(403);
    expect((await dateVote(addDateChoice, { username: name, claimSecret, date: '01/01/2020_DATE' })).status).toBe(400);
    expect((await dateVote(removeDateChoice, { username: name, claimSecret })).status).toBe(200);
    expect((await get(userDateChoices, path)).list).toEqual([]);
  });
});

describe.skipIf(!features.scheduling)('the scheduling console actions', () => {
  const actions = [
    createScheduleItems,
    createSchedulePolls,
    dropScheduleItems,
    dropSchedulePolls,
    createScheduleDateItems,
    dropScheduleDateItems,
  ];

  it('refuses every action without a token or below clearance 3', async () => {
    const member = await tokenFor(uniqueName('member'), 2);
    for (const action of actions) {
      expect((await call(action)).status).toBe(401);
      expect(await call(action, { token: member })).toMatchObject({
        status: 403,
        body: { error: 'You do not have the clearance for this.' },
      });
      expect((await call(action, { method: 'GET', token: adminToken })).status).toBe(405);
    }
    expect((await items('defense')).list.length).toBe(configuredItems().length);
  });

  it('creates idempotently, and drops items, polls and dates with their votes', async () => {
    const run = async (action: Handler) => (await call(action, { token: adminToken })).body;
    expect(await run(createScheduleItems)).toMatchObject({ status: 'Success', created: 0 });
    expect(await run(createSchedulePolls)).toMatchObject({ status: 'Success', created: 0 });
    expect(await run(createScheduleDateItems)).toMatchObject({ status: 'Success', created: 0 });

    const member = uniqueName('member');
    const token = await tokenFor(member, 1);
    await vote('add', { username: member }, token);
    // A voter whose last vote goes is no longer one of the poll's people (its voter count, its cap).
    const guestVotes = async () => {
      const guest = `anon_${uniqueName('Guest')}`;
      await vote('add', { username: guest });
      return guest.toLowerCase();
    };
    const isVoter = async (key: string) => (await redis().hexists(schedulingKeys.people('defense'), key)) === 1;
    let guest = await guestVotes();
    expect(await isVoter(guest)).toBe(true);

    // Dropping the polls takes every slot out of them, with the votes; the items stay.
    const total = configuredItems().length;
    const ragnarokCount = total - TIME_SLOTS['09/03']!.length;
    expect(await run(dropSchedulePolls)).toMatchObject({ status: 'Success', deleted: total + ragnarokCount });
    expect((await items('defense')).list).toEqual([]);
    expect((await choicesOf('defense', member)).list).toEqual([]);
    expect(await isVoter(guest)).toBe(false);
    expect(await run(createSchedulePolls)).toMatchObject({ created: total + ragnarokCount });
    expect(await votersOf(firstItem())).toEqual([]);

    // Dropping the items empties the polls too; creating the polls then fails until items exist.
    await vote('add', { username: member }, token);
    guest = await guestVotes();
    expect(await run(dropScheduleItems)).toMatchObject({ status: 'Success', deleted: total });
    expect((await choicesOf('defense', member)).list).toEqual([]);
    expect(await isVoter(guest)).toBe(false);
    const refused = await call(createSchedulePolls, { token: adminToken });
    expect(refused).toMatchObject({
      status: 409,
      body: { status: 'Failed', error: 'There are no schedule items yet.' },
    });
    expect(await run(createScheduleItems)).toMatchObject({ status: 'Success', created: total });
    expect(await run(createSchedulePolls)).toMatchObject({ created: total + ragnarokCount });

    // Dates.
    const date = `${DATE_POLL.dates[1].date}_DATE`;
    await call(addDateChoice, { token, body: { pollId: DATE_POLL.id, date, username: member } });
    expect(await run(dropScheduleDateItems)).toMatchObject({ status: 'Success', deleted: DATE_POLL.dates.length });
    const path = `/api/scheduling/user-date-choices/${DATE_POLL.id}?username=${member}`;
    expect((await get(userDateChoices, path)).list).toEqual([]);
    expect((await get(availableDates, `/api/scheduling/available-dates/${DATE_POLL.id}`)).list).toEqual([]);
    expect(await run(createScheduleDateItems)).toMatchObject({ created: DATE_POLL.dates.length });
  });

  it(`holds each admin to ${ADMIN_LIMIT.max} console actions in 10 minutes, in the action's one round trip`, async () => {
    const token = await tokenFor(uniqueName('admin'), 3);
    // Each action is still one round trip, counted or refused.
    for (const action of [createScheduleItems, createSchedulePolls, createScheduleDateItems]) {
      expect(await countStoreRoundTrips(() => call(action, { token }))).toBe(1);
    }
    for (let i = 3; i < ADMIN_LIMIT.max; i++) {
      expect((await call(createScheduleItems, { token })).status).toBe(200);
    }
    for (const action of [dropSchedulePolls, dropScheduleItems, dropScheduleDateItems]) {
      expect(await countStoreRoundTrips(() => call(action, { token }))).toBe(1);
      expect(await call(action, { token })).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    }
    expect((await items('defense')).list.length).toBe(configuredItems().length);
    expect((await get(availableDates, `/api/scheduling/available-dates/${DATE_POLL.id}`)).list).toHaveLength(
      DATE_POLL.dates.length,
    );
  });
});
