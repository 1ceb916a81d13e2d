// A scheduling poll's mail against its own store and the fake Resend: the address a voter leaves
// (only as that voter, only once they answered, only the organiser sees it), the decision mailed
// with its .ics to those addresses when the poll is finalised, within the day's poll mail and a
// member organiser's share of it, holding nothing anyone typed; and the organisers' daily digest.
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import createPollHandler from '../../netlify/functions/scheduling-create-poll.mts';
import deletePoll from '../../netlify/functions/scheduling-delete-poll.mts';
import deadlinesJob from '../../netlify/functions/scheduling-deadlines.mts';
import digestJob from '../../netlify/functions/scheduling-digest.mts';
import finalisePoll from '../../netlify/functions/scheduling-finalise-poll.mts';
import pollAnswers from '../../netlify/functions/scheduling-poll-answers.mts';
import pollVoters from '../../netlify/functions/scheduling-poll-voters.mts';
import removeChoice from '../../netlify/functions/scheduling-remove-choice.mts';
import removeVoterHandler from '../../netlify/functions/scheduling-remove-voter.mts';
import reopenPoll from '../../netlify/functions/scheduling-reopen-poll.mts';
import settingsHandler from '../../netlify/functions/scheduling-poll-settings.mts';
import voterEmail from '../../netlify/functions/scheduling-voter-email.mts';
import confirmEmail from '../../netlify/functions/email-confirm.mts';
import unsubscribeEmail from '../../netlify/functions/email-unsubscribe.mts';
import { addressState } from '../../src/server/mail-address.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_TAKEN } from '../../src/features/scheduling/poll/logic.ts';
import type { CreatedPoll } from '../../src/features/scheduling/poll/schema.ts';
import { decisionLabel, zoneViewer } from '../../src/features/scheduling/time/logic.ts';
import { NOT_YOUR_POLL } from '../../src/features/scheduling/organising/service.server.ts';
import type { OrganisedVoter } from '../../src/features/scheduling/organising/schema.ts';
import { NOT_A_VOTER_YET } from '../../src/features/scheduling/voting/service.server.ts';
import { dailyCounter } from '../../src/server/daily-cap.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { MAIL_CAP_NOTE, MAIL_COUNTERS } from '../../src/server/mail.ts';
import { redis } from '../../src/server/redis.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features } from '../site-config.ts';
import { OWNER_ADDRESS, confirmAddresses, newPollForm, tokenFor, useFakeResend } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';

const resend = useFakeResend();
useOwnStore();
isolateEnv(['MAIL_DAILY_POLL_CAP', 'SITE_URL']);

let admin = '';
beforeAll(async () => {
  admin = await tokenFor(uniqueName('admin'), 3);
});

const SITE = 'https://polls.example.org';
const TITLE = 'Visit www.spam.example for cheap pills';

async function member(email = ''): Promise<{ token: string; name: string }> {
  const name = uniqueName('member');
  const token = await tokenFor(name, 1);
  if (email) await redis().hset(keys.user(usernameKey(name)), { email, emailVerified: email });
  if (email) await confirmAddresses(email);
  return { token, name };
}

async function madePoll(token: string): Promise<CreatedPoll> {
  const { status, body } = await call(createPollHandler, {
    token,
    body: newPollForm({ title: TITLE, description: 'Come to www.spam.example', location: 'spam.example' }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.poll as CreatedPoll;
}

/** An anonymous voter answers the poll's first option and answers their claim's secret. */
async function anonymousVoter(poll: CreatedPoll, name = uniqueName('Voter')) {
  const username = `anon_${name}`;
  const { body } = await call(addChoice, {
    body: { pollId: poll.id, scheduleItemId: poll.options[0]!.id, username },
  });
  return { username, claimSecret: body.claimSecret as string };
}

/** Leaves an address as a voter, its holder having confirmed it (unless `confirmed` is false). */
async function leave(pollId: string, fields: Record<string, unknown>, token?: string, { confirmed = true } = {}) {
  if (confirmed && typeof fields.email === 'string' && fields.email.includes('@')) await confirmAddresses(fields.email);
  return call(voterEmail, { token, body: { pollId, ...fields } });
}
const votersOf = async (pollId: string, token = admin) =>
  (await call(pollVoters, { method: 'GET', token, path: `/api/scheduling/poll-voters/${pollId}` })).body
    .voters as unknown as OrganisedVoter[];
const decisionMails = (pollId: string) =>
  resend().sent.filter((mail) => mail.idempotencyKey?.startsWith(`decision-${pollId}-`));
const pollMailToday = async () => Number((await redis().get(dailyCounter(MAIL_COUNTERS.polls)[0])) ?? 0);

describe.skipIf(!features.scheduling)('the address a voter leaves', () => {
  it('is kept for the voter who answered, under their name’s claim, and only the organiser sees it', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    const voter = await anonymousVoter(poll);
    const stranger = { pollId: poll.id, username: `anon_${uniqueName('Nobody')}`, email: 'x@example.com' };
    expect(await leave(poll.id, stranger)).toMatchObject({ status: 409, body: { error: NOT_A_VOTER_YET } });
    expect(await leave(poll.id, { ...voter, claimSecret: 'wrong', email: 'x@example.com' })).toMatchObject({
      status: 409,
      body: { error: NAME_TAKEN, reason: 'name-taken' },
    });
    expect(await leave(poll.id, { ...voter, email: 'not an address' })).toMatchObject({ status: 400 });
    expect((await leave(poll.id, { ...voter, email: ' zoe@example.com ' })).status).toBe(200);

    const alice = await member();
    await call(addChoice, {
      token: alice.token,
      body: { pollId: poll.id, scheduleItemId: poll.options[1]!.id, username: alice.name },
    });
    expect((await leave(poll.id, { username: alice.name, email: 'alice@example.com' }, alice.token)).status).toBe(200);

    const voters = await votersOf(poll.id, organiser.token);
    expect(voters).toEqual([
      { username: voter.username, answers: 1, email: 'zoe@example.com' },
      { username: alice.name, answers: 1, email: 'alice@example.com' },
    ]);
    expect(await votersOf(poll.id, admin)).toEqual(voters);
    const other = await call(pollVoters, {
      method: 'GET',
      token: alice.token,
      path: `/api/scheduling/poll-voters/${poll.id}`,
    });
    expect(other).toMatchObject({ status: 403, body: { error: NOT_YOUR_POLL } });
    const answers = await call(pollAnswers, { method: 'GET', path: `/api/scheduling/poll-answers/${poll.id}` });
    expect(JSON.stringify(answers.body)).not.toContain('@example.com');

    // Forgotten when asked, or when the voter leaves the poll or is taken out of it.
    expect((await leave(poll.id, { username: alice.name, email: '' }, alice.token)).status).toBe(200);
    expect((await votersOf(poll.id))[1]).not.toHaveProperty('email');
    await call(removeChoice, { body: { pollId: poll.id, scheduleItemId: poll.options[0]!.id, ...voter } });
    expect(await redis().hexists(schedulingKeys.people(poll.id), voter.username.toLowerCase())).toBe(0);
    const again = await anonymousVoter(poll);
    await leave(poll.id, { ...again, email: 'again@example.com' });
    await call(removeVoterHandler, { token: organiser.token, body: { pollId: poll.id, username: again.username } });
    expect(JSON.stringify(await redis().hgetall(schedulingKeys.people(poll.id)))).not.toContain('@example.com');
  });
});

describe.skipIf(!features.scheduling)('the decision by mail', () => {
  it('goes with its .ics to each address left, within the day’s poll mail, holding nothing anyone typed', async () => {
    process.env.SITE_URL = SITE;
    const poll = await madePoll(admin);
    const voters = await Promise.all(['Zoë', 'Róisín', 'Ana'].map((name) => anonymousVoter(poll, uniqueName(name))));
    for (const [index, voter] of voters.entries())
      await leave(poll.id, { ...voter, email: `voter${index}@example.com` });
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 2);
    const option = poll.options[0]!;
    let finalised: Awaited<ReturnType<typeof call>> | undefined;
    const trips = await countStoreRoundTrips(async () => {
      finalised = await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: option.id } });
    });
    // The finalise with the addresses and the mail reserved; each mail's check of its address; how each went.
    expect(trips).toBe(4);
    expect(finalised!.body).toEqual({
      status: 'Success',
      told: { sending: 0, delivered: 2, undelivered: 0, 'not-sent': 1 },
    });

    const mails = decisionMails(poll.id);
    expect(mails).toHaveLength(2);
    const decided: CreatedPoll = { ...poll, final: option.id };
    const [mail] = mails;
    expect(mail!.subject).toBe('A time has been picked');
    expect(mail!.text).toContain(`  ${decisionLabel(decided, zoneViewer(poll.zone))} (Europe/Berlin time)`);
    expect(mail!.text).toContain(`The poll: ${SITE}/scheduling_polls/p/${poll.id}`);
    expect(mail!.attachments).toEqual([
      { filename: 'decision.ics', contentType: 'text/calendar; charset=utf-8', content: expect.any(String) },
    ]);
    const ics = mail!.attachments![0]!.content;
    expect(ics).toContain(`DTSTART;TZID=Europe/Berlin:${option.date.replace(/-/g, '')}T190000\r\n`);
    expect(ics).toContain('SUMMARY:Picked in a scheduling poll on polls.example.org\r\n');
    for (const text of [mail!.subject, mail!.text, ics]) expect(text).not.toContain('spam');

    // The organiser sees how each went; the one over the cap was not sent.
    const told = (await votersOf(poll.id)).map((voter) => voter.told);
    expect(told.filter((each) => each?.delivery === 'delivered')).toHaveLength(2);
    expect(told.find((each) => each?.delivery === 'not-sent')).toEqual({
      option: option.id,
      delivery: 'not-sent',
      note: `${MAIL_CAP_NOTE} (poll mail)`,
    });

    // Deciding the same again mails nobody; reopened and decided otherwise the same day, an address
    // already told hears nothing more: only the one the cap held back is mailed now.
    await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: option.id } });
    expect(decisionMails(poll.id)).toHaveLength(2);
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    await call(reopenPoll, { token: admin, body: { pollId: poll.id } });
    await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: poll.options[2]!.id } });
    expect(decisionMails(poll.id)).toHaveLength(3);
    expect(new Set(decisionMails(poll.id).map((mail) => mail.to)).size).toBe(3);
    expect(decisionMails(poll.id).at(-1)!.attachments![0]!.content).toContain('DTSTART;VALUE=DATE:');
    await call(reopenPoll, { token: admin, body: { pollId: poll.id } });
    await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: option.id } });
    expect(decisionMails(poll.id)).toHaveLength(3);
  });

  it('mails an address once, however many voters left it', async () => {
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    const poll = await madePoll(admin);
    for (const address of ['twice@example.com', 'TWICE@example.com', 'once@example.com']) {
      await leave(poll.id, { ...(await anonymousVoter(poll)), email: address });
    }
    const { body } = await call(finalisePoll, {
      token: admin,
      body: { pollId: poll.id, optionId: poll.options[0]!.id },
    });
    expect(body.told).toEqual({ sending: 0, delivered: 2, undelivered: 0, 'not-sent': 0 });
    expect(
      decisionMails(poll.id)
        .map((mail) => String(mail.to).toLowerCase())
        .sort(),
    ).toEqual(['once@example.com', 'twice@example.com']);
  });

  it('records how each was told only while the poll and the voter are there', async () => {
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    const { tellVoters } = await import('../../src/features/scheduling/mail/service.server.ts');
    const poll = await madePoll(admin);
    const [kept, removed] = [await anonymousVoter(poll), await anonymousVoter(poll)];
    const keyOf = (voter: { username: string }) => voter.username.toLowerCase();
    await call(removeVoterHandler, { token: admin, body: { pollId: poll.id, username: removed.username } });
    const decided = { ...poll, final: poll.options[0]!.id };
    const addresses: [string, string][] = [
      [keyOf(kept), 'kept@example.com'],
      [keyOf(removed), 'removed@example.com'],
    ];
    await tellVoters(decided, addresses, 2, SITE);
    expect(await redis().hkeys(schedulingKeys.notified(poll.id))).toEqual([keyOf(kept)]);

    await redis().del(schedulingKeys.notified(poll.id));
    await call(deletePoll, { token: admin, body: { pollId: poll.id } });
    await tellVoters(decided, addresses, 2, SITE);
    expect(await redis().exists(schedulingKeys.notified(poll.id))).toBe(0);
  });

  it('holds a member organiser to half of the day’s poll mail, so no one can use it up for everyone', async () => {
    const organiser = await member();
    const poll = await madePoll(organiser.token);
    for (let i = 0; i < 4; i++) {
      const voter = await anonymousVoter(poll);
      await leave(poll.id, { ...voter, email: `share${i}@example.com` });
    }
    const cap = (await pollMailToday()) + 10;
    process.env.MAIL_DAILY_POLL_CAP = String(cap);
    // The organiser has had all but one of their share of the day's poll mail already.
    const account = (await redis().hget<string>(schedulingKeys.organisers(), poll.id))!;
    const [counter] = dailyCounter(MAIL_COUNTERS.pollsPerOrganiser, account);
    await redis().set(counter, Math.ceil(cap / 2) - 1, { ex: 3600 });
    const { body } = await call(finalisePoll, {
      token: organiser.token,
      body: { pollId: poll.id, optionId: poll.options[0]!.id },
    });
    expect(body.told).toEqual({ sending: 0, delivered: 1, undelivered: 0, 'not-sent': 3 });
    expect(Number(await redis().get(counter))).toBe(Math.ceil(cap / 2));
  });
});

describe.skipIf(!features.scheduling)('an address nobody confirmed', () => {
  it('is not kept: its holder is mailed a link to confirm it first, once a day, and no decision reaches it', async () => {
    process.env.SITE_URL = SITE;
    const poll = await madePoll(admin);
    const voter = await anonymousVoter(poll);
    const email = `${uniqueName('unconfirmed')}@example.com`;
    const left = await leave(poll.id, { ...voter, email }, undefined, { confirmed: false });
    expect(left).toMatchObject({ status: 200, body: { status: 'Success', kept: false, asked: 'sent' } });
    expect((await leave(poll.id, { ...voter, email }, undefined, { confirmed: false })).body).toMatchObject({
      kept: false,
      asked: 'asked-today',
    });
    expect(JSON.stringify(await redis().hgetall(schedulingKeys.people(poll.id)))).not.toContain(email);
    const requests = resend().sent.filter((mail) => mail.to === email);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.text).not.toContain('spam'); // the poll's words never travel in it
    const link = /\/email\/\?confirm=(\S+)/.exec(requests[0]!.text ?? '')![1]!;

    // Followed, the link confirms the address; left again, it is kept and told the decision.
    expect(await call(confirmEmail, { body: { token: link } })).toMatchObject({
      status: 200,
      body: { address: email, account: 'none' },
    });
    expect((await leave(poll.id, { ...voter, email }, undefined, { confirmed: false })).body).toEqual({
      status: 'Success',
      kept: true,
    });
    await call(finalisePoll, { token: admin, body: { pollId: poll.id, optionId: poll.options[0]!.id } });
    const decision = decisionMails(poll.id);
    expect(decision.map((mail) => mail.to)).toEqual([email]);

    // Its foot unsubscribes in one request: then nothing more goes, not even a request to confirm.
    const unsubscribeLink = /\/email\/\?unsubscribe=(\S+)/.exec(decision[0]!.text ?? '')![1]!;
    expect(decision[0]!.headers?.['List-Unsubscribe']).toContain(unsubscribeLink);
    expect((await call(unsubscribeEmail, { body: { token: unsubscribeLink } })).status).toBe(200);
    expect(await addressState(email)).toBe('unsubscribed');
    const open = await madePoll(admin);
    const other = await anonymousVoter(open);
    expect((await leave(open.id, { ...other, email }, undefined, { confirmed: false })).body).toMatchObject({
      kept: false,
      asked: 'unsubscribed',
    });
    // A forged or altered link does nothing.
    expect((await call(confirmEmail, { body: { token: `${link}x` } })).status).toBe(400);
    expect((await call(unsubscribeEmail, { body: { token: link } })).status).toBe(400);
    expect(await addressState(email)).toBe('unsubscribed');
  });
});

describe.skipIf(!features.scheduling)('the deadline', () => {
  const settings = (token: string, pollId: string, deadline: number | null) =>
    call(settingsHandler, { token, body: { pollId, deadline } });
  /** Moves a poll's deadline into the past, in its state and in the run's index, as time would. */
  const passDeadline = async (pollId: string) => {
    const past = Date.now() - 1000;
    await redis().hset(schedulingKeys.state(pollId), { deadline: past });
    await redis().zadd(schedulingKeys.deadlines(), { score: past, member: pollId });
    return past;
  };
  const told = () => resend().sent.filter((mail) => mail.idempotencyKey?.startsWith('deadline-'));
  const run = () => deadlinesJob(new Request(`${SITE}/.netlify/functions/scheduling-deadlines`, { method: 'POST' }));

  it('tells the organiser once, by mail to their verified address, when voting has closed', async () => {
    process.env.SITE_URL = SITE;
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    const organiser = await member('closing@example.com');
    const poll = await madePoll(organiser.token);
    const set = Date.now() + 3_600_000;
    expect((await settings(organiser.token, poll.id, set)).status).toBe(200);
    expect(Number(await redis().zscore(schedulingKeys.deadlines(), poll.id))).toBe(set);
    await run(); // not yet
    expect(told()).toHaveLength(0);
    const deadline = await passDeadline(poll.id);
    expect(await countStoreRoundTrips(run)).toBe(2); // the deadlines taken; the mail's check of its address
    expect(told()).toHaveLength(1);
    const [mail] = told();
    expect(mail).toMatchObject({
      to: 'closing@example.com',
      subject: 'Voting has closed in your scheduling poll',
      idempotencyKey: `deadline-${poll.id}-${deadline}`,
    });
    expect(mail!.text).toContain(`  ${SITE}/scheduling_polls/p/${poll.id}`);
    expect(mail!.text).toContain(`Your polls: ${SITE}/scheduling_polls/mine`);
    expect(mail!.text).not.toContain('spam');
    await run();
    expect(told()).toHaveLength(1);
  });

  it('tells nobody of a deadline taken away, or of a poll decided or deleted; waits when the mail is spent', async () => {
    process.env.SITE_URL = SITE;
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    const organiser = await member('busy@example.com');
    const [removed, decided, deleted, waiting] = await Promise.all(
      Array.from({ length: 4 }, () => madePoll(organiser.token)),
    );
    for (const poll of [removed, decided, deleted, waiting]) {
      await settings(organiser.token, poll!.id, Date.now() + 3_600_000);
      await passDeadline(poll!.id);
    }
    await settings(organiser.token, removed!.id, null);
    await call(finalisePoll, {
      token: organiser.token,
      body: { pollId: decided!.id, optionId: decided!.options[0]!.id },
    });
    await call(deletePoll, { token: organiser.token, body: { pollId: deleted!.id } });
    const before = told().length;
    process.env.MAIL_DAILY_POLL_CAP = String(await pollMailToday());
    await run();
    expect(told()).toHaveLength(before);
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    await run();
    expect(
      told()
        .slice(before)
        .map((mail) => mail.idempotencyKey),
    ).toEqual([expect.stringContaining(waiting!.id)]);
    expect(await redis().zcard(schedulingKeys.deadlines())).toBe(0);
  });
});

describe.skipIf(!features.scheduling)('the organisers’ daily digest', () => {
  it('mails each organiser who asked their polls’ new answers and voters once, then counts afresh', async () => {
    process.env.SITE_URL = SITE;
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    const organiser = await member('organiser@example.com');
    const poll = await madePoll(organiser.token);
    const quiet = await madePoll((await member('quiet@example.com')).token);
    expect(
      (await call(settingsHandler, { token: organiser.token, body: { pollId: poll.id, digest: true } })).status,
    ).toBe(200);
    const voter = await anonymousVoter(poll);
    await call(addChoice, { body: { pollId: poll.id, scheduleItemId: poll.options[1]!.id, ...voter } });
    await anonymousVoter(poll);
    await anonymousVoter(quiet); // no digest asked: not counted

    const digests = () => resend().sent.filter((mail) => mail.idempotencyKey?.startsWith('digest-'));
    expect(
      await countStoreRoundTrips(() =>
        digestJob(new Request(`${SITE}/.netlify/functions/scheduling-digest`, { method: 'POST' })),
      ),
    ).toBe(2); // the digests taken; the mail's check of its address
    expect(digests()).toHaveLength(1);
    const [digest] = digests();
    expect(digest!.to).toBe('organiser@example.com');
    expect(digest!.subject).toBe('New answers in your scheduling polls');
    expect(digest!.text).toContain(`  3 answers from 2 new voters: ${SITE}/scheduling_polls/p/${poll.id}`);
    expect(digest!.text).toContain(`Your polls: ${SITE}/scheduling_polls/mine`);
    expect(digest!.text).not.toContain('spam');
    expect(digest!.text).not.toContain(quiet.id);

    // Nothing new since: no mail the next time.
    await digestJob(new Request(`${SITE}/.netlify/functions/scheduling-digest`, { method: 'POST' }));
    expect(digests()).toHaveLength(1);
  });

  it('spends none of the day’s poll mail on an organiser whose address is not verified and confirmed', async () => {
    process.env.SITE_URL = SITE;
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 10);
    const organiser = await member('lapsed@example.com');
    const poll = await madePoll(organiser.token);
    await call(settingsHandler, { token: organiser.token, body: { pollId: poll.id, digest: true } });
    await anonymousVoter(poll);
    // Its holder unsubscribed since.
    await redis().hset(keys.mailAddresses(), { 'lapsed@example.com': 'unsubscribed' });
    const [before, sent] = [await pollMailToday(), resend().sent.length];
    await digestJob(new Request(`${SITE}/.netlify/functions/scheduling-digest`, { method: 'POST' }));
    expect(await pollMailToday()).toBe(before);
    expect(resend().sent.length).toBe(sent);
  });

  it('takes at most half of the day’s poll mail, so the day’s decisions keep the other half', async () => {
    process.env.SITE_URL = SITE;
    const cap = (await pollMailToday()) + 4;
    process.env.MAIL_DAILY_POLL_CAP = String(cap);
    const [digestsToday] = dailyCounter(MAIL_COUNTERS.pollDigests);
    await redis().set(digestsToday, Math.floor(cap / 2) - 1, { ex: 3600 });
    const before = resend().sent.length;
    for (const address of ['first@example.com', 'second@example.com']) {
      const organiser = await member(address);
      const poll = await madePoll(organiser.token);
      await call(settingsHandler, { token: organiser.token, body: { pollId: poll.id, digest: true } });
      await anonymousVoter(poll);
    }
    await digestJob(new Request(`${SITE}/.netlify/functions/scheduling-digest`, { method: 'POST' }));
    expect(resend().sent.length - before).toBe(1);
    expect(Number(await redis().get(digestsToday))).toBe(Math.floor(cap / 2));
    expect(await pollMailToday()).toBe(cap - 3);
    await redis().del(digestsToday);
  });

  it('sends a poll of the console’s own to the owner’s inbox, and none over the day’s poll mail', async () => {
    process.env.SITE_URL = SITE;
    const { createPoll } = await import('../../src/features/scheduling/organising/service.server.ts');
    const { OPERATOR } = await import('../../src/server/caller.ts');
    const { poll } = await createPoll(OPERATOR, newPollForm());
    await call(settingsHandler, { token: admin, body: { pollId: poll.id, digest: true } });
    await anonymousVoter(poll);
    process.env.MAIL_DAILY_POLL_CAP = String(await pollMailToday());
    const before = resend().sent.length;
    await digestJob(new Request(`${SITE}/.netlify/functions/scheduling-digest`, { method: 'POST' }));
    expect(resend().sent.length).toBe(before);
    await anonymousVoter(poll);
    process.env.MAIL_DAILY_POLL_CAP = String((await pollMailToday()) + 1);
    await digestJob(new Request(`${SITE}/.netlify/functions/scheduling-digest`, { method: 'POST' }));
    expect(resend().sent.at(-1)).toMatchObject({
      to: OWNER_ADDRESS,
      subject: 'New answers in your scheduling polls',
    });
    expect(resend().sent.at(-1)!.text).toContain('  1 answer from 1 new voter:');
  });
});
