// Organising in Redis (keys in poll/keys.server.ts): the made polls in an index by their place (the
// console's list), a member's also in their own, with the account that made each; a poll's
// decision, settings and voters. Whose poll it is, each script checks in the same step as its change.
import { type Admin, runAsAdmin } from '../../../server/admin-limit.ts';
import { type Operator, type SignedIn, isOperator } from '../../../server/caller.ts';
import { type WithClearance, canAdminister } from '../../../lib/policy.ts';
import { dailyCounter } from '../../../server/daily-cap.ts';
import { keys } from '../../../server/keys.ts';
import { MAIL_COUNTERS } from '../../../server/mail.ts';
import * as scripts from './scripts.server.ts';
import type { CreatedPoll, ListedPoll, PollsPage } from '../poll/schema.ts';
import { parsedPoll } from '../poll/repo.server.ts';
import { specPolls } from '../configured/logic.ts';
import { schedulingKeys } from '../poll/keys.server.ts';

/**
 * Polls one account may have open (not finalised) at once: a league, a family and a club each
 * deciding something; a script making polls to fill the store stops here.
 */
export const MAX_OPEN_POLLS_PER_ACCOUNT = 5;
/** Polls one account keeps in all, finalised ones included: its list stays one short page. */
export const MAX_POLLS_PER_ACCOUNT = 20;
/** The console lists made polls this many at a time, newest first. */
export const POLLS_PAGE_SIZE = 50;

/**
 * Who changes a made poll: the operator's tools, or a signed-in member as their account, with their
 * clearance: one who administers the site (src/lib/policy.ts canAdminister) manages any poll,
 * anyone else only the polls their account made.
 */
export type Organiser = Operator | (SignedIn & WithClearance);

/** Who acts, as the scripts take it: their account key ('' for the operator) and whether they administer the site. */
export function actingAs(organiser: Organiser): scripts.Acting {
  if (isOperator(organiser)) return { caller: '', admin: true };
  return { caller: organiser.accountKey, admin: canAdminister(organiser) };
}
/**
 * Stores a made poll and offers its options, as its organiser's (one round trip, within their limit
 * of actions): refused when the id is taken, or when the organiser, unless they administer the
 * site, has their most open polls or polls in all (the operator's tools make polls that are nobody's).
 */
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

/**
 * Reads a page of polls from an index, newest first, each with its decision, voter count,
 * organiser's name (from their account key, '<name key>#<n>') and settings, then the named polls
 * that are stored; one round trip within the caller's limit.
 */
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
      voterCounts: schedulingKeys.voterCounts(),
      organisers: schedulingKeys.organisers(),
      commentsOff: schedulingKeys.commentsOff(),
      digests: schedulingKeys.digests(),
    },
    { below, count, named },
  );
  const polls: ListedPoll[] = [];
  let older: string | null = null;
  for (const row of Array.isArray(rows) ? rows : []) {
    polls.push({
      ...parsedPoll(row.id, row.definition, row.final),
      voters: Number(row.voters),
      ...(row.organiser ? { organiser: row.organiser.split('#')[0] } : {}),
      ...(row.commentsOff ? { commentsOff: true as const } : {}),
      ...(row.digest ? { digest: true as const } : {}),
    });
    if (row.place) older = row.place;
  }
  return { polls, older: more ? older : null };
}

/**
 * The console's polls: a page of the made polls, newest first, below the cursor `before` (the
 * newest without one), and on the first page the configured polls that are stored.
 */
export function listPolls(admin: Admin, before?: number): Promise<PollsPage> {
  const below = before === undefined ? '+inf' : `(${before}`;
  const configured = before === undefined ? specPolls().map((poll) => poll.id) : [];
  return readPollsPage(admin, schedulingKeys.pollIndex(), below, POLLS_PAGE_SIZE, configured);
}

/** The polls a member made, newest first (at most MAX_POLLS_PER_ACCOUNT, so one page). */
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

/** Gives the made polls of a store from before polls had places theirs, oldest first; answers how many. */
export function indexPolls(admin: Admin): Promise<number> {
  return runAsAdmin(
    admin,
    scripts.indexPolls,
    { polls: schedulingKeys.polls(), index: schedulingKeys.pollIndex(), sequence: schedulingKeys.pollSequence() },
    { configured: specPolls().map((poll) => poll.id) },
  );
}

/** Deletes a poll and everything voted in it, for its organiser or an admin: 'deleted', 'missing' or 'not-theirs'. */
export function deletePoll(organiser: Organiser, pollId: string) {
  return runAsAdmin(
    organiser,
    scripts.deletePoll,
    {
      polls: schedulingKeys.polls(),
      hashes: [schedulingKeys.finals(), schedulingKeys.voterCounts()],
      sets: [schedulingKeys.commentsOff(), schedulingKeys.digests()],
      digestPending: schedulingKeys.digestPending(),
      version: schedulingKeys.version(pollId),
      index: schedulingKeys.pollIndex(),
      organisers: schedulingKeys.organisers(),
      pollKeys: [
        schedulingKeys.offered(pollId),
        schedulingKeys.votes(pollId),
        schedulingKeys.maybe(pollId),
        schedulingKeys.people(pollId),
        schedulingKeys.firstNames(pollId),
        schedulingKeys.claims(pollId),
        schedulingKeys.comments(pollId),
        schedulingKeys.emails(pollId),
        schedulingKeys.notified(pollId),
      ],
    },
    { pollId, ...actingAs(organiser), organisedPrefix: schedulingKeys.organised('') },
  );
}

/**
 * Takes the voters under a name (as voted) out of a poll with all their answers, freeing the name,
 * for its organiser or an admin: how many answers went, 'no-voter' or 'not-theirs'.
 */
export function removeVoter(organiser: Organiser, pollId: string, username: string) {
  return runAsAdmin(
    organiser,
    scripts.removeVoter,
    {
      votes: schedulingKeys.votes(pollId),
      maybe: schedulingKeys.maybe(pollId),
      people: schedulingKeys.people(pollId),
      voterHashes: [
        schedulingKeys.firstNames(pollId),
        schedulingKeys.claims(pollId),
        schedulingKeys.emails(pollId),
        schedulingKeys.notified(pollId),
      ],
      voterCounts: schedulingKeys.voterCounts(),
      version: schedulingKeys.version(pollId),
      organisers: schedulingKeys.organisers(),
    },
    { pollId, username, ...actingAs(organiser) },
  );
}

/** What finalising a poll did, and for 'ok' whom to tell: the mails reserved, the poll, and each voter's address. */
export type Finalised =
  | { outcome: 'missing' | 'not-theirs' | 'unknown-option' }
  | { outcome: 'ok'; mails: number; poll: CreatedPoll; addresses: [voterKey: string, email: string][] };

/**
 * Finalises a poll on an option, for its organiser or an admin, reserving as much of the day's
 * poll mail (and a member organiser's share of it) as its voters' addresses want (one round trip).
 */
export async function finalisePoll(
  organiser: Organiser,
  pollId: string,
  optionId: string,
  mail: { cap: number; organiserShare: number },
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
      version: schedulingKeys.version(pollId),
      organisers: schedulingKeys.organisers(),
      emails: schedulingKeys.emails(pollId),
      dayMail,
    },
    {
      pollId,
      optionId,
      ...actingAs(organiser),
      mailCap: mail.cap,
      organiserShare: mail.organiserShare,
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

/** Reopens a finalised poll, for its organiser or an admin: 'ok', 'missing' or 'not-theirs'. */
export function reopenPoll(organiser: Organiser, pollId: string) {
  return runAsAdmin(
    organiser,
    scripts.reopenPoll,
    {
      polls: schedulingKeys.polls(),
      finals: schedulingKeys.finals(),
      version: schedulingKeys.version(pollId),
      organisers: schedulingKeys.organisers(),
    },
    { pollId, ...actingAs(organiser) },
  );
}

/** Switches a poll's comments and its daily digest on or off ('' leaves one as it is), for its organiser or an admin. */
export function setPollSettings(
  organiser: Organiser,
  pollId: string,
  settings: { comments: '' | 'on' | 'off'; digest: '' | 'on' | 'off' },
) {
  return runAsAdmin(
    organiser,
    scripts.setPollSettings,
    {
      polls: schedulingKeys.polls(),
      organisers: schedulingKeys.organisers(),
      commentsOff: schedulingKeys.commentsOff(),
      digests: schedulingKeys.digests(),
      version: schedulingKeys.version(pollId),
    },
    { pollId, ...actingAs(organiser), ...settings, userPrefix: keys.user('') },
  );
}
