// Organising in Redis: the made polls in the console's index and each member's, a poll's decision,
// settings and voters. Whose poll it is, each script checks in the same step as its change.
import { type Admin, runAsAdmin } from '../../../server/admin-limit.ts';
import { type Operator, type SignedIn, isOperator } from '../../../server/caller.ts';
import { type WithClearance, canAdminister } from '../../../lib/policy.ts';
import { dailyCounter } from '../../../server/daily-cap.ts';
import { keys } from '../../../server/keys.ts';
import { hashReply, redis } from '../../../server/redis.ts';
import { MAIL_COUNTERS } from '../../../server/mail.ts';
import * as scripts from './scripts.server.ts';
import type { CreatedPoll, ListedPoll, PollsPage } from '../poll/schema.ts';
import { parsedPoll } from '../poll/repo.server.ts';
import { specPolls } from '../configured/logic.ts';
import { around, schedulingKeys } from '../poll/keys.server.ts';

/** Polls one account may have open (not finalised) at once. */
export const MAX_OPEN_POLLS_PER_ACCOUNT = 5;
/** Polls one account keeps in all, finalised ones included: its list stays one short page. */
export const MAX_POLLS_PER_ACCOUNT = 20;
export const POLLS_PAGE_SIZE = 50;

/** An admin (canAdminister) manages any poll, anyone else only the polls their account made. */
export type Organiser = Operator | (SignedIn & WithClearance);

export function actingAs(organiser: Organiser): scripts.Acting {
  if (isOperator(organiser)) return { caller: '', admin: true };
  return { caller: organiser.accountKey, admin: canAdminister(organiser) };
}
export function createPoll(
  organiser: Organiser,
  poll: CreatedPoll,
): Promise<'ok' | 'taken' | 'too-many-open' | 'too-many'> {
  const { id, ...definition } = poll;
  const { caller, admin } = actingAs(organiser);
  return runAsAdmin(
    organiser,
    scripts.createPoll,
    {
      polls: schedulingKeys.polls(),
      offered: schedulingKeys.offered(id),
      index: schedulingKeys.pollIndex(),
      sequence: schedulingKeys.pollSequence(),
      organisers: schedulingKeys.organisers(),
      organised: schedulingKeys.organised(caller),
      finals: schedulingKeys.finals(),
    },
    {
      pollId: id,
      definition: JSON.stringify(definition),
      organiser: caller,
      admin,
      maxOpen: MAX_OPEN_POLLS_PER_ACCOUNT,
      maxPolls: MAX_POLLS_PER_ACCOUNT,
      optionIds: poll.options.map((option) => option.id),
    },
  );
}

async function readPollsPage(
  caller: Admin,
  index: string,
  below: string,
  count: number,
  named: string[],
): Promise<PollsPage> {
  const { more, polls: rows } = await runAsAdmin(
    caller,
    scripts.listPolls,
    {
      index,
      polls: schedulingKeys.polls(),
      finals: schedulingKeys.finals(),
      organisers: schedulingKeys.organisers(),
      commentsOff: schedulingKeys.commentsOff(),
      digests: schedulingKeys.digests(),
      votersHidden: schedulingKeys.votersHidden(),
    },
    { below, count, named, people: around(schedulingKeys.people), state: around(schedulingKeys.state) },
  );
  const polls: ListedPoll[] = [];
  let older: string | null = null;
  for (const row of Array.isArray(rows) ? rows : []) {
    polls.push({
      ...parsedPoll(row.id, row.definition, row.final),
      voters: row.voters,
      ...(row.organiser ? { organiser: row.organiser.split('#')[0] } : {}),
      ...(row.commentsOff ? { commentsOff: true as const } : {}),
      ...(row.digest ? { digest: true as const } : {}),
      ...(row.votersHidden ? { votersHidden: true as const } : {}),
      ...(row.deadline ? { deadline: Number(row.deadline) } : {}),
    });
    if (row.place) older = row.place;
  }
  return { polls, older: more ? older : null };
}

/** The console's polls: a page of made polls below `before`; on the first, the configured ones. */
export function listPolls(admin: Admin, before?: number): Promise<PollsPage> {
  const below = before === undefined ? '+inf' : `(${before}`;
  const configured = before === undefined ? specPolls().map((poll) => poll.id) : [];
  return readPollsPage(admin, schedulingKeys.pollIndex(), below, POLLS_PAGE_SIZE, configured);
}

export async function listOwnPolls(member: SignedIn): Promise<ListedPoll[]> {
  const { polls } = await readPollsPage(
    member,
    schedulingKeys.organised(member.accountKey),
    '+inf',
    MAX_POLLS_PER_ACCOUNT,
    [],
  );
  return polls.map(({ organiser: _organiser, ...poll }) => poll);
}

export function indexPolls(admin: Admin): Promise<number> {
  return runAsAdmin(
    admin,
    scripts.indexPolls,
    { polls: schedulingKeys.polls(), index: schedulingKeys.pollIndex(), sequence: schedulingKeys.pollSequence() },
    { configured: specPolls().map((poll) => poll.id) },
  );
}

/** Every made poll's definition with its decision (one round trip), for the daily run that deletes the expired. */
export async function madePolls(): Promise<CreatedPoll[]> {
  const [definitions, finals] = await redis()
    .pipeline()
    .hgetall(schedulingKeys.polls())
    .hgetall(schedulingKeys.finals())
    .exec();
  const decided = hashReply(finals) ?? {};
  return Object.entries(hashReply(definitions) ?? {}).map(([id, definition]) =>
    parsedPoll(id, definition, decided[id]),
  );
}

export function deletePoll(organiser: Organiser, pollId: string) {
  return runAsAdmin(
    organiser,
    scripts.deletePoll,
    {
      polls: schedulingKeys.polls(),
      finals: schedulingKeys.finals(),
      sets: [schedulingKeys.commentsOff(), schedulingKeys.digests(), schedulingKeys.votersHidden()],
      state: schedulingKeys.state(pollId),
      index: schedulingKeys.pollIndex(),
      organisers: schedulingKeys.organisers(),
      pollKeys: [
        schedulingKeys.offered(pollId),
        schedulingKeys.votes(pollId),
        schedulingKeys.people(pollId),
        schedulingKeys.claims(pollId),
        schedulingKeys.comments(pollId),
        schedulingKeys.notified(pollId),
        schedulingKeys.toldToday(pollId),
      ],
    },
    { pollId, ...actingAs(organiser), organisedPrefix: schedulingKeys.organised('') },
  );
}

/** Takes out the voter named `username`, or (with `since`, ms) every voter who joined since then. */
export function removeVoters(organiser: Organiser, pollId: string, who: { username: string } | { since: number }) {
  return runAsAdmin(
    organiser,
    scripts.removeVoter,
    {
      votes: schedulingKeys.votes(pollId),
      people: schedulingKeys.people(pollId),
      voterHashes: [schedulingKeys.claims(pollId), schedulingKeys.notified(pollId)],
      state: schedulingKeys.state(pollId),
      organisers: schedulingKeys.organisers(),
    },
    {
      pollId,
      username: 'username' in who ? who.username : '',
      since: 'since' in who ? who.since : 0,
      ...actingAs(organiser),
    },
  );
}

export type Finalised =
  | { outcome: 'missing' | 'not-theirs' | 'unknown-option' }
  | { outcome: 'ok'; mails: number; poll: CreatedPoll; addresses: [voterKey: string, email: string][] };

export async function finalisePoll(
  organiser: Organiser,
  pollId: string,
  optionId: string,
  mail: scripts.MailShare,
  now = Date.now(),
): Promise<Finalised> {
  const [dayMail, dayTtl] = dailyCounter(MAIL_COUNTERS.polls, '', now);
  const [organiserCounter] = dailyCounter(MAIL_COUNTERS.pollsPerOrganiser, '', now);
  const reply = await runAsAdmin(
    organiser,
    scripts.finalisePoll,
    {
      polls: schedulingKeys.polls(),
      offered: schedulingKeys.offered(pollId),
      finals: schedulingKeys.finals(),
      state: schedulingKeys.state(pollId),
      organisers: schedulingKeys.organisers(),
      people: schedulingKeys.people(pollId),
      dayMail,
      toldToday: schedulingKeys.toldToday(pollId),
    },
    {
      pollId,
      optionId,
      ...actingAs(organiser),
      mail,
      dayTtl,
      // The organiser's counter is the day's counter of the subject '': their account key follows.
      organiserCounterPrefix: `${organiserCounter}:`,
    },
  );
  if (reply.outcome !== 'ok') return reply;
  const emails = Array.isArray(reply.emails) ? reply.emails : [];
  const pairs: [string, string][] = [];
  for (let at = 0; at < emails.length; at += 2) pairs.push([emails[at]!, emails[at + 1]!]);
  return { outcome: 'ok', mails: reply.mails, poll: parsedPoll(pollId, reply.definition, optionId), addresses: pairs };
}

/**
 * Stores a poll's changed definition and options, with at most `dropAnswers` answers going with the options it drops.
 */
export function editPoll(organiser: Organiser, poll: CreatedPoll, dropAnswers: number) {
  const { id, ...definition } = poll;
  return runAsAdmin(
    organiser,
    scripts.editPoll,
    {
      polls: schedulingKeys.polls(),
      offered: schedulingKeys.offered(id),
      finals: schedulingKeys.finals(),
      votes: schedulingKeys.votes(id),
      people: schedulingKeys.people(id),
      state: schedulingKeys.state(id),
      organisers: schedulingKeys.organisers(),
    },
    {
      pollId: id,
      definition: JSON.stringify(definition),
      optionIds: poll.options.map((option) => option.id),
      dropAnswers,
      ...actingAs(organiser),
    },
  );
}

export function reopenPoll(organiser: Organiser, pollId: string) {
  return runAsAdmin(
    organiser,
    scripts.reopenPoll,
    {
      polls: schedulingKeys.polls(),
      finals: schedulingKeys.finals(),
      state: schedulingKeys.state(pollId),
      organisers: schedulingKeys.organisers(),
    },
    { pollId, ...actingAs(organiser) },
  );
}

export function setPollSettings(
  organiser: Organiser,
  pollId: string,
  settings: { comments: '' | 'on' | 'off'; digest: '' | 'on' | 'off'; hideVoters: '' | 'on' | 'off'; deadline: number },
) {
  return runAsAdmin(
    organiser,
    scripts.setPollSettings,
    {
      polls: schedulingKeys.polls(),
      organisers: schedulingKeys.organisers(),
      commentsOff: schedulingKeys.commentsOff(),
      digests: schedulingKeys.digests(),
      votersHidden: schedulingKeys.votersHidden(),
      state: schedulingKeys.state(pollId),
      deadlines: schedulingKeys.deadlines(),
    },
    { pollId, ...actingAs(organiser), ...settings, userPrefix: keys.user('') },
  );
}
