// Polls made by members and in the scheduling console against the store: the form's every refusal,
// any member making polls within their caps and managing their own, the console (clearance 3)
// listing and managing every poll a page at a time, votes answered yes or "if need be", a finalised
// poll refusing votes until it is reopened, its decision as an .ics file, the cheap version read,
// and a delete taking every vote with it.
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import createPollHandler from '../../netlify/functions/scheduling-create-poll.mts';
import deletePollHandler from '../../netlify/functions/scheduling-delete-poll.mts';
import editPollHandler from '../../netlify/functions/scheduling-edit-poll.mts';
import finalisePoll from '../../netlify/functions/scheduling-finalise-poll.mts';
import pollHandler from '../../netlify/functions/scheduling-poll.mts';
import pollAnswers from '../../netlify/functions/scheduling-poll-answers.mts';
import pollVoters from '../../netlify/functions/scheduling-poll-voters.mts';
import pollCalendar from '../../netlify/functions/scheduling-poll-calendar.mts';
import pollVersion from '../../netlify/functions/scheduling-poll-version.mts';
import ownPolls from '../../netlify/functions/scheduling-my-polls.mts';
import listPolls from '../../netlify/functions/scheduling-polls.mts';
import removeVoterHandler from '../../netlify/functions/scheduling-remove-voter.mts';
import removeChoice from '../../netlify/functions/scheduling-remove-choice.mts';
import reopenPoll from '../../netlify/functions/scheduling-reopen-poll.mts';
import settingsHandler from '../../netlify/functions/scheduling-poll-settings.mts';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_PASSED, MAX_DEADLINE_DAYS, POLL_CLOSED } from '../../src/features/scheduling/poll/logic.ts';
import type { CreatedPoll, PollsPage, Vote } from '../../src/features/scheduling/poll/schema.ts';
import {
  CONFIGURED_POLL,
  NOT_YOUR_POLL,
  POLL_DECIDED,
  createPoll as createPollAs,
} from '../../src/features/scheduling/organising/service.server.ts';
import { specPolls } from '../../src/features/scheduling/configured/logic.ts';
import {
  MAX_OPEN_POLLS_PER_ACCOUNT,
  MAX_POLLS_PER_ACCOUNT,
  POLLS_PAGE_SIZE,
} from '../../src/features/scheduling/organising/repo.server.ts';
import { migratePolls } from '../../src/features/scheduling/configured/service.server.ts';
import { takeDigests } from '../../src/features/scheduling/mail/repo.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { hashReply, redis } from '../../src/server/redis.ts';
import { readVotes } from '../../src/features/scheduling/voting/scripts.server.ts';
import { readVotesKeys } from '../../src/features/scheduling/voting/repo.server.ts';
import { features } from '../site-config.ts';
import { newPollForm, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';
import { legacyKey, schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';

let admin = '';
let member = '';
beforeAll(async () => {
  admin = await tokenFor(uniqueName('organiser'), 3);
  member = await tokenFor(uniqueName('member'), 2);
});

/** A day well ahead of any run, as 'YYYY-MM-DD'. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const form = newPollForm;

async function createPoll(fields: Record<string, unknown> = {}, token = admin): Promise<CreatedPoll> {
  const { status, body } = await call(createPollHandler, { token, body: form(fields) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.poll as CreatedPoll;
}
/** The console's first page of polls, or the page below `before`. */
const consolePolls = async (before?: string, token = admin) =>
  (
    await call(listPolls, {
      method: 'GET',
      token,
      path: `/api/scheduling/polls${before ? `?before=${before}` : ''}`,
    })
  ).body as unknown as PollsPage;
const readPoll = async (pollId: string) => {
  const { status, body } = await call(pollHandler, { method: 'GET', path: `/api/scheduling/poll/${pollId}` });
  return { status, body: body as unknown as CreatedPoll & { version: number } };
};
const answers = async (pollId: string) =>
  (await call(pollAnswers, { method: 'GET', path: `/api/scheduling/poll-answers/${pollId}` })).body as unknown as {
    option: string;
    answer: string;
    user: { username: string };
  }[];
const version = async (pollId: string) =>
  (await call(pollVersion, { method: 'GET', path: `/api/scheduling/poll-version/${pollId}` })).body.version as number;
const vote = (pollId: string, scheduleItemId: string, fields: Record<string, unknown> = {}, change = addChoice) =>
  call(change, { token: member, body: { pollId, scheduleItemId, username: memberName, ...fields } });
let memberName = '';
beforeAll(async () => {
  const payload = JSON.parse(Buffer.from(member.split('.')[1]!, 'base64url').toString()) as { username?: string };
  memberName = payload.username ?? '';
});

describe.skipIf(!features.scheduling)('making a poll in the console', () => {
  it.each([
    [{ title: '  ' }, 'Please give the poll a title.'],
    [{ title: 'x'.repeat(101) }, 'The title must be at most 100 characters.'],
    [{ description: 'x'.repeat(1001) }, 'The description must be at most 1000 characters.'],
    [{ location: 'x'.repeat(201) }, 'The location must be at most 200 characters.'],
    [{ zone: 'Mars/Olympus_Mons' }, 'Please pick a time zone from the list.'],
    [{ days: [] }, 'Please pick at least one date.'],
    [{ days: [{ date: '2027-02-30', slots: [] }] }, '2027-02-30 is not a date.'],
    [{ days: [{ date: '2020-01-01', slots: [] }] }, '2020-01-01 is in the past: pick today or a later date.'],
    [
      {
        days: [
          { date: inDays(5), slots: [] },
          { date: inDays(5), slots: [] },
        ],
      },
      `${inDays(5)} is picked twice.`,
    ],
    [{ days: [{ date: inDays(5), slots: ['7pm'] }] }, '7pm is not a time: use hours and minutes, such as 19:30.'],
    [{ days: [{ date: inDays(5), slots: ['19:00', '19:00'] }] }, `${inDays(5)} has 19:00 twice.`],
    [
      { days: Array.from({ length: 61 }, (_, day) => ({ date: inDays(day + 2), slots: [] })) },
      'A poll can offer at most 60 options; this one has 61.',
    ],
    [{ slotMinutes: 5 }, 'A slot lasts from 15 minutes to 12 hours.'],
  ])('refuses %j: %s', async (fields, message) => {
    const { status, body } = await call(createPollHandler, { token: admin, body: form(fields) });
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it('refuses a slot that has already passed today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { status, body } = await call(createPollHandler, {
      token: admin,
      body: form({ zone: 'UTC', days: [{ date: today, slots: ['00:00'] }] }),
    });
    expect(status).toBe(400);
    expect(body.error).toBe(`${today} 00:00 has already passed.`);
  });

  it('stores the poll, offers its options in order and lists it with its voters', async () => {
    const poll = await createPoll();
    expect(poll.id).toMatch(/^[a-z0-9]{12}$/);
    const { status, body } = await readPoll(poll.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Board game night', zone: 'Europe/Berlin', slotMinutes: 90, version: 0 });
    expect(body.options.map((option) => option.id)).toEqual([
      `s-${inDays(10).replace(/-/g, '')}-1900`,
      `s-${inDays(10).replace(/-/g, '')}-2030`,
      `d-${inDays(11).replace(/-/g, '')}`,
    ]);
    const entry = (await consolePolls()).polls.find((each) => each.id === poll.id);
    expect(entry).toMatchObject({ title: 'Board game night', voters: 0 });
  });

  it('answers 404 for a poll that does not exist', async () => {
    expect((await readPoll('zzzzzzzzzzzz')).status).toBe(404);
    expect((await readPoll('no-such-poll')).status).toBe(404);
  });
});

describe.skipIf(!features.scheduling)('who organises', () => {
  const member2 = async () => tokenFor(uniqueName('organiser'), 1);

  it('refuses every organiser’s call without a token, and the console’s list below clearance 3', async () => {
    const poll = await createPoll();
    const attempts = [
      [createPollHandler, form(), 'POST'],
      [ownPolls, undefined, 'GET'],
      [listPolls, undefined, 'GET'],
      [finalisePoll, { pollId: poll.id, optionId: poll.options[0]!.id }, 'POST'],
      [reopenPoll, { pollId: poll.id }, 'POST'],
      [deletePollHandler, { pollId: poll.id }, 'POST'],
      [removeVoterHandler, { pollId: poll.id, username: 'anon_x' }, 'POST'],
    ] as const;
    for (const [handler, body, method] of attempts) {
      expect((await call(handler, { method, body })).status).toBe(401);
    }
    expect((await call(listPolls, { method: 'GET', token: member })).status).toBe(403);
    expect((await readPoll(poll.id)).status).toBe(200);
  });

  it('lets any member make a poll and manage it, but not another’s; the console manages every one', async () => {
    const [alice, bob] = await Promise.all([member2(), member2()]);
    const poll = await createPoll({}, alice);
    const option = poll.options[0]!.id;
    const mine = (await call(ownPolls, { method: 'GET', token: alice })).body as unknown as PollsPage;
    expect(mine).toEqual({ polls: [expect.objectContaining({ id: poll.id, voters: 0 })], older: null });
    expect(mine.polls[0]).not.toHaveProperty('organiser');
    expect(((await call(ownPolls, { method: 'GET', token: bob })).body as unknown as PollsPage).polls).toEqual([]);

    // Another member may neither decide, reopen, delete nor take voters out of it.
    for (const [handler, body] of [
      [finalisePoll, { pollId: poll.id, optionId: option }],
      [reopenPoll, { pollId: poll.id }],
      [deletePollHandler, { pollId: poll.id }],
      [removeVoterHandler, { pollId: poll.id, username: 'anon_x' }],
    ] as const) {
      expect(await call(handler, { token: bob, body })).toMatchObject({
        status: 403,
        body: { error: NOT_YOUR_POLL },
      });
    }
    // Its organiser may; so may the console, which names who made it.
    expect((await call(finalisePoll, { token: alice, body: { pollId: poll.id, optionId: option } })).status).toBe(200);
    expect((await readPoll(poll.id)).body.final).toBe(option);
    expect((await call(reopenPoll, { token: admin, body: { pollId: poll.id } })).status).toBe(200);
    const listed = (await consolePolls()).polls.find((each) => each.id === poll.id);
    expect(listed?.organiser).toMatch(/^organiser_/);
    expect((await call(deletePollHandler, { token: alice, body: { pollId: poll.id } })).status).toBe(200);
    expect(((await call(ownPolls, { method: 'GET', token: alice })).body as unknown as PollsPage).polls).toEqual([]);
    expect((await consolePolls()).polls.some((each) => each.id === poll.id)).toBe(false);
  });

  it(`holds a member to ${MAX_OPEN_POLLS_PER_ACCOUNT} open polls and ${MAX_POLLS_PER_ACCOUNT} in all, also when asked at once`, async () => {
    const alice = await member2();
    const attempts = await Promise.all(
      Array.from({ length: MAX_OPEN_POLLS_PER_ACCOUNT + 3 }, () =>
        call(createPollHandler, { token: alice, body: form() }),
      ),
    );
    const made = attempts
      .filter((attempt) => attempt.status === 200)
      .map((attempt) => attempt.body.poll as CreatedPoll);
    expect(made).toHaveLength(MAX_OPEN_POLLS_PER_ACCOUNT);
    expect(attempts.find((attempt) => attempt.status !== 200)).toMatchObject({
      status: 409,
      body: {
        error: `You have ${MAX_OPEN_POLLS_PER_ACCOUNT} open polls, the most one account may have. Finalise or delete one first.`,
      },
    });
    // A decided poll is not open: it makes room for another, up to the polls an account keeps.
    for (let kept = MAX_OPEN_POLLS_PER_ACCOUNT; kept < MAX_POLLS_PER_ACCOUNT; kept++) {
      const oldest = made.shift()!;
      const decided = await call(finalisePoll, {
        token: alice,
        body: { pollId: oldest.id, optionId: oldest.options[0]!.id },
      });
      expect(decided.status).toBe(200);
      made.push(await createPoll({}, alice));
    }
    const oneMore = await call(createPollHandler, { token: alice, body: form() });
    expect(oneMore).toMatchObject({
      status: 409,
      body: {
        error: `You have made ${MAX_POLLS_PER_ACCOUNT} polls, the most one account may keep. Delete an old one first.`,
      },
    });
    const mine = ((await call(ownPolls, { method: 'GET', token: alice })).body as unknown as PollsPage).polls;
    expect(mine).toHaveLength(MAX_POLLS_PER_ACCOUNT);
    // Deleting one makes room again; an admin is held to neither cap.
    expect((await call(deletePollHandler, { token: alice, body: { pollId: mine[0]!.id } })).status).toBe(200);
    expect((await call(createPollHandler, { token: alice, body: form() })).status).toBe(200);
  });

  it(`pages the console’s list ${POLLS_PAGE_SIZE} at a time, newest first, by a cursor that holds while polls are added`, async () => {
    // An admin of its own: the page's polls stay within one person's limit of console actions.
    const owner = await tokenFor(uniqueName('pager'), 3);
    const made: string[] = [];
    for (let i = 0; i < POLLS_PAGE_SIZE + 2; i++) made.push((await createPoll({ title: `Page poll ${i}` }, owner)).id);
    // Other files' polls, made meanwhile in the same store, may sit between ours: ours are followed.
    const ours = (page: PollsPage) => page.polls.map((poll) => poll.id).filter((id) => made.includes(id));
    const first = await consolePolls(undefined, owner);
    expect(first.polls.filter((poll) => poll.createdAt > 0)).toHaveLength(POLLS_PAGE_SIZE);
    const onFirst = ours(first);
    expect(onFirst[0]).toBe(made.at(-1));
    expect(first.older).toEqual(expect.any(String));
    const newer = (await createPoll({ title: 'Newer still' }, owner)).id;
    const second = await consolePolls(first.older!, owner);
    const seen = new Set([...first.polls.map((poll) => poll.id), newer]);
    expect(second.polls.some((poll) => seen.has(poll.id))).toBe(false);
    // Each of ours once, newest first, the second page going on where the first stopped.
    expect([...onFirst, ...ours(second)]).toEqual(made.toReversed());
  });

  it('makes, lists and manages a poll in one store round trip each', async () => {
    const alice = await member2();
    let poll: CreatedPoll | undefined;
    expect(await countStoreRoundTrips(async () => (poll = await createPoll({}, alice)))).toBe(1);
    expect(await countStoreRoundTrips(() => call(ownPolls, { method: 'GET', token: alice }))).toBe(1);
    expect(await countStoreRoundTrips(() => consolePolls())).toBe(1);
    const decide = { pollId: poll!.id, optionId: poll!.options[0]!.id };
    expect(await countStoreRoundTrips(() => call(finalisePoll, { token: alice, body: decide }))).toBe(1);
    expect(
      await countStoreRoundTrips(() => call(deletePollHandler, { token: alice, body: { pollId: poll!.id } })),
    ).toBe(1);
  });
});

describe.skipIf(!features.scheduling)('answers: yes or if need be', () => {
  it('keeps each answer, changes it, removes it, and raises the version with each change', async () => {
    const poll = await createPoll();
    const [first, second] = poll.options;
    expect((await vote(poll.id, first!.id)).status).toBe(200);
    expect((await vote(poll.id, second!.id, { answer: 'ifNeedBe' })).status).toBe(200);
    const voter = expect.any(Number);
    expect(await answers(poll.id)).toEqual([
      { option: first!.id, answer: 'yes', user: { username: memberName }, voter },
      { option: second!.id, answer: 'ifNeedBe', user: { username: memberName }, voter },
    ]);
    expect(await version(poll.id)).toBe(2);

    await vote(poll.id, first!.id, { answer: 'ifNeedBe' });
    await vote(poll.id, second!.id, {}, removeChoice);
    expect(await answers(poll.id)).toEqual([
      { option: first!.id, answer: 'ifNeedBe', user: { username: memberName }, voter },
    ]);
    expect(await version(poll.id)).toBe(4);

    const anonymous = await call(addChoice, {
      body: {
        pollId: poll.id,
        scheduleItemId: second!.id,
        username: `anon_${uniqueName('guest')}`,
        answer: 'ifNeedBe',
      },
    });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.claimSecret).toEqual(expect.any(String));
    expect((await consolePolls()).polls.find((each) => each.id === poll.id)?.voters).toBe(2);
  });

  it('refuses an option the poll lacks, and "if need be" in the spec polls', async () => {
    const poll = await createPoll();
    const missing = await vote(poll.id, 'd-20990101');
    expect(missing).toMatchObject({ status: 400, body: { error: 'There is no such option in this poll.' } });
    const spec = await call(addChoice, {
      token: member,
      body: { pollId: 'defense', scheduleItemId: 'x', username: memberName, answer: 'ifNeedBe' },
    });
    expect(spec).toMatchObject({ status: 400, body: { error: 'This poll takes yes answers only.' } });
  });

  it('reads the poll, its answers and its version in one round trip each', async () => {
    const poll = await createPoll();
    expect(await countStoreRoundTrips(() => readPoll(poll.id))).toBe(1);
    expect(await countStoreRoundTrips(() => answers(poll.id))).toBe(1);
    expect(await countStoreRoundTrips(() => version(poll.id))).toBe(1);
  });
});

describe.skipIf(!features.scheduling)('finalising', () => {
  it('refuses votes once finalised, offers the decision as .ics, and takes votes again when reopened', async () => {
    const poll = await createPoll({ title: 'Quiz, night; "finals"' });
    const [slot] = poll.options;
    await vote(poll.id, slot!.id);
    const before = await version(poll.id);
    const decided = await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: slot!.id } });
    expect(decided.status).toBe(200);
    expect((await readPoll(poll.id)).body.final).toBe(slot!.id);
    expect(await version(poll.id)).toBe(before + 1);

    const refused = await vote(poll.id, slot!.id, {}, removeChoice);
    expect(refused).toMatchObject({ status: 409, body: { error: POLL_CLOSED, reason: 'poll-closed' } });
    expect(await answers(poll.id)).toHaveLength(1);

    const ics = await pollCalendar(
      new Request(`http://localhost/api/scheduling/poll-calendar/${poll.id}`, { method: 'GET' }),
    );
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.headers.get('content-disposition')).toBe('attachment; filename="decision.ics"');
    const text = await ics.text();
    expect(text).toContain(`DTSTART;TZID=Europe/Berlin:${inDays(10).replace(/-/g, '')}T190000\r\n`);
    expect(text).toContain(`DTEND;TZID=Europe/Berlin:${inDays(10).replace(/-/g, '')}T203000\r\n`);
    expect(text).toContain('SUMMARY:Quiz\\, night\\; "finals"\r\n');

    expect((await call(reopenPoll, { token: admin, body: { pollId: poll.id } })).status).toBe(200);
    expect((await readPoll(poll.id)).body.final).toBeUndefined();
    expect((await vote(poll.id, slot!.id, {}, removeChoice)).status).toBe(200);
    const noDecision = await pollCalendar(
      new Request(`http://localhost/api/scheduling/poll-calendar/${poll.id}`, { method: 'GET' }),
    );
    expect(noDecision.status).toBe(404);
  });

  it('finalises a whole day as an all-day event', async () => {
    const poll = await createPoll();
    const day = poll.options.find((option) => option.id.startsWith('d-'))!;
    await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: day.id } });
    const text = await (
      await pollCalendar(new Request(`http://localhost/api/scheduling/poll-calendar/${poll.id}`, { method: 'GET' }))
    ).text();
    expect(text).toContain(`DTSTART;VALUE=DATE:${inDays(11).replace(/-/g, '')}\r\n`);
  });

  it('refuses an option the poll lacks, and a poll that does not exist', async () => {
    const poll = await createPoll();
    const wrong = await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: 'd-20990101' } });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'There is no such option in this poll.' } });
    const missing = await call(finalisePoll, { token: admin, body: { pollId: 'zzzzzzzzzzzz', optionId: 'x' } });
    expect(missing.status).toBe(404);
  });
});

describe.skipIf(!features.scheduling)('a deadline', () => {
  const settings = (pollId: string, fields: Record<string, unknown>, token = admin) =>
    call(settingsHandler, { token, body: { pollId, ...fields } });

  it('closes the votes by themselves at the deadline; the page and the list say when; taken away, they open again', async () => {
    const poll = await createPoll();
    const [slot, other] = poll.options;
    const deadline = Date.now() + 3_600_000;
    expect((await settings(poll.id, { deadline })).status).toBe(200);
    expect((await readPoll(poll.id)).body.deadline).toBe(deadline);
    expect((await consolePolls()).polls.find((each) => each.id === poll.id)?.deadline).toBe(deadline);
    expect((await vote(poll.id, slot!.id)).status).toBe(200);

    // The deadline reached (moved back in the store, as time would): no vote lands, added or taken back.
    await redis().hset(schedulingKeys.state(poll.id), { deadline: Date.now() - 1000 });
    expect(await vote(poll.id, other!.id)).toMatchObject({
      status: 409,
      body: { error: DEADLINE_PASSED, reason: 'deadline-passed' },
    });
    expect((await vote(poll.id, slot!.id, {}, removeChoice)).status).toBe(409);
    expect(await answers(poll.id)).toHaveLength(1);
    // The organiser may still decide.
    expect((await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: slot!.id } })).status).toBe(
      200,
    );
    expect((await call(reopenPoll, { token: admin, body: { pollId: poll.id } })).status).toBe(200);

    expect((await settings(poll.id, { deadline: null })).status).toBe(200);
    expect((await readPoll(poll.id)).body.deadline).toBeUndefined();
    expect((await vote(poll.id, other!.id)).status).toBe(200);
  });

  it.each([
    [() => Date.now() - 60_000, 'The deadline must be in the future.'],
    [() => Date.now() + (MAX_DEADLINE_DAYS + 1) * 86_400_000, 'The deadline must be within a year.'],
    [() => 'tomorrow', 'deadline must be a time in ms.'],
  ])('refuses a deadline %#: %s', async (deadline, message) => {
    const poll = await createPoll();
    expect(await settings(poll.id, { deadline: deadline() })).toMatchObject({ status: 400, body: { error: message } });
    expect((await readPoll(poll.id)).body.deadline).toBeUndefined();
  });

  it('is set by the poll’s organiser only', async () => {
    const poll = await createPoll();
    expect((await settings(poll.id, { deadline: Date.now() + 60_000 }, member)).status).toBe(403);
  });
});

describe.skipIf(!features.scheduling)('editing', () => {
  const edit = (pollId: string, fields: Record<string, unknown> = {}, token = admin) =>
    call(editPollHandler, { token, body: { ...form(fields), pollId } });
  const day = (offset: number) => inDays(offset).replace(/-/g, '');

  it('changes the title, details and options in place; taking out answered options asks first, saying how many', async () => {
    const poll = await createPoll();
    const [slot, other, wholeDay] = poll.options;
    await vote(poll.id, slot!.id);
    await vote(poll.id, wholeDay!.id, { answer: 'ifNeedBe' });
    const guest = `anon_${uniqueName('guest')}`;
    await call(addChoice, { body: { pollId: poll.id, scheduleItemId: slot!.id, username: guest } });
    const dayOnly = `anon_${uniqueName('dayOnly')}`;
    await call(addChoice, { body: { pollId: poll.id, scheduleItemId: wholeDay!.id, username: dayOnly } });
    const before = await version(poll.id);

    // The whole day taken out and 21:00 added: the day's two answers would go.
    const changed = {
      title: 'Quiz night',
      description: '',
      days: [{ date: inDays(10), slots: ['19:00', '20:30', '21:00'] }],
    };
    expect(await edit(poll.id, changed)).toMatchObject({ status: 409, body: { reason: 'answers-go', answers: 2 } });
    expect((await readPoll(poll.id)).body.title).toBe('Board game night');
    expect(await version(poll.id)).toBe(before);

    const saved = await edit(poll.id, { ...changed, dropAnswers: 2 });
    expect(saved).toMatchObject({ status: 200, body: { removedAnswers: 2 } });
    // The voter whose only answer went is no longer one of the poll's voters; the others are.
    const people = await redis().hkeys(schedulingKeys.people(poll.id));
    expect(people).not.toContain(dayOnly.toLowerCase());
    expect(people).toContain(guest.toLowerCase());
    const read = (await readPoll(poll.id)).body;
    expect(read).toMatchObject({
      title: 'Quiz night',
      description: '',
      createdAt: poll.createdAt,
      version: before + 1,
    });
    expect(read.options.map((option) => option.id)).toEqual([slot!.id, other!.id, `s-${day(10)}-2100`]);
    expect((await answers(poll.id)).map((answer) => answer.option)).toEqual([slot!.id, slot!.id]);
    // The new option takes votes; the one taken out does not.
    expect((await vote(poll.id, `s-${day(10)}-2100`)).status).toBe(200);
    expect((await vote(poll.id, wholeDay!.id)).status).toBe(400);
    // An edit that takes no answers needs no agreement.
    expect((await edit(poll.id, { days: [{ date: inDays(10), slots: ['19:00', '20:30', '21:00'] }] })).status).toBe(
      200,
    );
  });

  it('keeps the dates gone by a poll has, and refuses new ones, a decided poll, another’s, and the site’s own', async () => {
    const poll = await createPoll();
    // The poll's first day has passed (moved back in the store, as time would).
    const { id: _id, ...definition } = { ...poll, options: [{ id: 'd-20200101', date: '2020-01-01' }] };
    await redis().hset(schedulingKeys.polls(), { [poll.id]: JSON.stringify(definition) });
    await redis().sadd(schedulingKeys.offered(poll.id), 'd-20200101');
    const kept = { date: '2020-01-01', slots: [] };
    expect((await edit(poll.id, { days: [kept, { date: inDays(12), slots: [] }] })).status).toBe(200);
    expect(await edit(poll.id, { days: [{ date: '2020-01-02', slots: [] }] })).toMatchObject({
      status: 400,
      body: { error: '2020-01-02 is in the past: pick today or a later date.' },
    });

    expect(await edit(poll.id, {}, member)).toMatchObject({ status: 403, body: { error: NOT_YOUR_POLL } });
    await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: `d-${day(12)}` } });
    expect(await edit(poll.id)).toMatchObject({ status: 409, body: { error: POLL_DECIDED } });
    expect((await edit('zzzzzzzzzzzz')).status).toBe(404);
    const configured = specPolls()[0];
    if (configured) expect(await edit(configured.id)).toMatchObject({ status: 400, body: { error: CONFIGURED_POLL } });
  });

  it('takes two store round trips: the poll read, the change', async () => {
    const poll = await createPoll();
    expect(await countStoreRoundTrips(() => edit(poll.id, { title: 'Quiz night' }))).toBe(2);
  });
});

describe.skipIf(!features.scheduling)('hiding the voters’ names', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const nameOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { username: string }).username;
  const readAs = async (pollId: string, token?: string) =>
    (await call(pollAnswers, { method: 'GET', token, path: `/api/scheduling/poll-answers/${pollId}` }))
      .body as unknown as Vote[];
  const names = (votes: Vote[]) => votes.map((vote) => vote.user.firstName ?? vote.user.username);

  it('shows the organiser and an admin every name; anyone else their own, and the others by the order they came', async () => {
    const [alice, bob] = await Promise.all([tokenFor(uniqueName('organiser'), 1), tokenFor(uniqueName('voter'), 1)]);
    const poll = await createPoll({}, alice);
    const [first, second] = poll.options;
    expect(
      (
        await call(addChoice, {
          token: bob,
          body: { pollId: poll.id, scheduleItemId: first!.id, username: nameOf(bob) },
        })
      ).status,
    ).toBe(200);
    const guest = `anon_${uniqueName('Guest')}`;
    const claimed = await call(addChoice, { body: { pollId: poll.id, scheduleItemId: second!.id, username: guest } });
    const secret = claimed.body.claimSecret as string;

    expect((await call(settingsHandler, { token: alice, body: { pollId: poll.id, hideVoters: true } })).status).toBe(
      200,
    );
    expect((await readPoll(poll.id)).body.votersHidden).toBe(true);
    expect((await consolePolls()).polls.find((each) => each.id === poll.id)?.votersHidden).toBe(true);

    // A guest sees no name, each voter named by the order they came; the anonymous voter's browser
    // finds its own votes by its claim's tag.
    const byOption = (votes: Vote[]) => Object.fromEntries(votes.map((vote) => [vote.option, vote]));
    const seen = byOption(await readAs(poll.id));
    expect(seen[first!.id]).toMatchObject({ user: { username: '', firstName: 'Voter 1' } });
    expect(seen[first!.id]).not.toHaveProperty('tag');
    expect(seen[second!.id]).toMatchObject({
      user: { username: '', firstName: 'Voter 2' },
      tag: sha256(sha256(secret)),
    });
    // A voter who is a member sees their own name, and no other.
    const bobs = byOption(await readAs(poll.id, bob));
    expect(bobs[first!.id]).toMatchObject({ user: { username: nameOf(bob) }, mine: true });
    expect(bobs[second!.id]!.user).toEqual({ username: '', firstName: 'Voter 2' });
    // The organiser and an admin see everyone.
    for (const token of [alice, admin]) {
      expect(names(await readAs(poll.id, token)).sort()).toEqual([nameOf(bob), guest].sort());
    }

    // Shown again, to everyone.
    expect((await call(settingsHandler, { token: alice, body: { pollId: poll.id, hideVoters: false } })).status).toBe(
      200,
    );
    expect(names(await readAs(poll.id)).sort()).toEqual([nameOf(bob), guest].sort());
    expect((await readAs(poll.id)).some((vote) => vote.tag)).toBe(false);
  });

  it('reads only the claims it shows: none while names show; while hidden, those of the voters it has now', async () => {
    const poll = await createPoll();
    const option = poll.options[0]!.id;
    const [stays, leaves] = [`anon_${uniqueName('Stays')}`, `anon_${uniqueName('Leaves')}`];
    for (const username of [stays, leaves]) {
      const added = await call(addChoice, { body: { pollId: poll.id, scheduleItemId: option, username } });
      if (username === leaves) {
        const claimSecret = added.body.claimSecret as string;
        await call(removeChoice, { body: { pollId: poll.id, scheduleItemId: option, username, claimSecret } });
      }
    }
    const readClaims = async () =>
      Object.keys(hashReply((await readVotes.run(readVotesKeys(poll.id), { pollId: poll.id }))[5]) ?? {});
    expect(await readClaims()).toEqual([]);
    await call(settingsHandler, { token: admin, body: { pollId: poll.id, hideVoters: true } });
    expect(await readClaims()).toEqual([stays.toLowerCase()]);
    // The name that left is still theirs: its claim stays in the store, unread.
    expect(await redis().hexists(schedulingKeys.claims(poll.id), leaves.toLowerCase())).toBe(1);
  });

  it('is the organiser’s to switch', async () => {
    const poll = await createPoll();
    const asked = await call(settingsHandler, { token: member, body: { pollId: poll.id, hideVoters: true } });
    expect(asked).toMatchObject({ status: 403, body: { error: NOT_YOUR_POLL } });
    expect((await readPoll(poll.id)).body.votersHidden).toBeUndefined();
  });
});

describe.skipIf(!features.scheduling)('deleting', () => {
  it('removes the poll and every vote, claim and answer in it; open pages see the version move', async () => {
    const poll = await createPoll();
    await vote(poll.id, poll.options[0]!.id, { answer: 'ifNeedBe' });
    await call(addChoice, {
      body: { pollId: poll.id, scheduleItemId: poll.options[1]!.id, username: `anon_${uniqueName('guest')}` },
    });
    const before = await version(poll.id);
    expect((await call(deletePollHandler, { token: admin, body: { pollId: poll.id } })).status).toBe(200);
    expect((await readPoll(poll.id)).status).toBe(404);
    expect(await version(poll.id)).toBe(before + 1);
    const left = await redis().exists(
      schedulingKeys.offered(poll.id),
      schedulingKeys.votes(poll.id),
      schedulingKeys.people(poll.id),
      schedulingKeys.claims(poll.id),
    );
    expect(left).toBe(0);
    expect((await call(deletePollHandler, { token: admin, body: { pollId: poll.id } })).status).toBe(404);
    expect((await consolePolls()).polls.some((each) => each.id === poll.id)).toBe(false);
  });
});

describe.skipIf(!features.scheduling)('moving a store from before', () => {
  it('moves the answers, first names, addresses, version and digest counts of the layout before, once', async () => {
    // A poll of the console's own: its digest goes to the owner.
    const { poll } = await createPollAs(OPERATOR, newPollForm());
    const [first, second] = poll.options.map((option) => option.id);
    const id = poll.id;
    // The layout before: "if need be" in a set of its own, names, first names and addresses in three
    // hashes, a version string, every poll's voter count and pending digest counts in two hashes.
    await redis().zadd(
      schedulingKeys.votes(id),
      { score: 0, member: `anon_ann\n${first}` },
      { score: 0, member: `anon_ann\n${second}` },
      { score: 0, member: `mila#1\n${first}` },
    );
    await redis().sadd(legacyKey('maybe', id), `anon_ann\n${second}`);
    await redis().hset(schedulingKeys.people(id), { anon_ann: 'anon_Ann', 'mila#1': 'mila' });
    await redis().hset(legacyKey('first-names', id), { 'mila#1': 'Mila' });
    await redis().hset(legacyKey('emails', id), { anon_ann: 'ann@example.com' });
    await redis().set(legacyKey('version', id), 7);
    await redis().hset(legacyKey('voter-counts'), { [id]: 2 });
    await redis().sadd(schedulingKeys.digests(), id);
    await redis().hset(legacyKey('digest-pending'), { [`${id}:answers`]: 3, [`${id}:voters`]: 2 });

    expect((await migratePolls(OPERATOR)).moved).toBeGreaterThanOrEqual(1);
    expect((await migratePolls(OPERATOR)).moved).toBe(0);

    expect(await version(id)).toBe(7);
    expect(await answers(id)).toEqual(
      expect.arrayContaining([
        { option: first, answer: 'yes', user: { username: 'anon_Ann' }, voter: 0 },
        { option: second, answer: 'ifNeedBe', user: { username: 'anon_Ann' }, voter: 0 },
        { option: first, answer: 'yes', user: { username: 'mila', firstName: 'Mila' }, voter: 1 },
      ]),
    );
    const { body } = await call(pollVoters, { method: 'GET', token: admin, path: `/api/scheduling/poll-voters/${id}` });
    expect(body.voters).toEqual([
      { username: 'anon_Ann', answers: 2, email: 'ann@example.com' },
      { username: 'mila', firstName: 'Mila', answers: 1 },
    ]);
    expect((await consolePolls()).polls.find((each) => each.id === id)?.voters).toBe(2);
    const { rows } = await takeDigests({ cap: 1000, share: 1000 }, Date.now());
    expect(rows.find((row) => row.pollId === id)).toMatchObject({ answers: 3, voters: 2 });
    const legacy = ['maybe', 'first-names', 'emails', 'version'].map((name) => legacyKey(name, id));
    expect(await redis().exists(...legacy, legacyKey('voter-counts'), legacyKey('digest-pending'))).toBe(0);
  });
});

describe.skipIf(!features.scheduling)('removing the voters who came in one go', () => {
  it('takes out, in one call, every voter who joined at or after a time, with their answers; the earlier stay', async () => {
    const organiserName = uniqueName('organiser');
    const organiser = await tokenFor(organiserName, 1);
    const poll = await createPoll({}, organiser);
    const guest = () => `anon_${uniqueName('Guest')}`;
    const answer = (username: string) =>
      call(addChoice, { body: { pollId: poll.id, scheduleItemId: poll.options[0]!.id, username } });
    const early = [guest(), guest()];
    for (const name of early) expect((await answer(name)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = Date.now();
    for (const name of [guest(), guest(), guest()]) expect((await answer(name)).status).toBe(200);

    const remove = (body: Record<string, unknown>, token = organiser) =>
      call(removeVoterHandler, { token, body: { pollId: poll.id, ...body } });
    expect((await remove({ joinedSince: since }, member)).status).toBe(403); // not theirs
    expect((await remove({})).status).toBe(400);
    expect((await remove({ joinedSince: since, username: early[0] })).status).toBe(400);
    expect(await remove({ joinedSince: since })).toMatchObject({
      status: 200,
      body: { removedVoters: 3, removedAnswers: 3 },
    });
    const { body } = await call(pollVoters, {
      method: 'GET',
      token: organiser,
      path: `/api/scheduling/poll-voters/${poll.id}`,
    });
    expect((body.voters as { username: string }[]).map((voter) => voter.username).sort()).toEqual([...early].sort());
    expect((await answers(poll.id)).map((each) => each.user.username).sort()).toEqual([...early].sort());
    // Nobody since: nothing to take, and no error.
    expect(await remove({ joinedSince: Date.now() + 60_000 })).toMatchObject({ body: { removedVoters: 0 } });
  });
});
