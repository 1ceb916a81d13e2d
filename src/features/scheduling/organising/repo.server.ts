// Scheduling polls in Redis (key layout in src/server/keys.ts): every poll's definition as JSON in
// one hash, its decision in another, and its offered options, version and votes under its id; the
// made polls in an index by their place (the console's list), and a member's also in their own,
// with the account that made each. Every change to a made poll is its organiser's or an admin's,
// checked in the script that makes it (src/server/scripts/scheduling.ts).
import { type Admin, runAsAdmin } from '../../../server/admin-limit.ts';
import { type Operator, type SignedIn, isOperator } from '../../../server/caller.ts';
import { type WithClearance, canAdminister } from '../../../lib/policy.ts';
import { dailyCounter } from '../../../server/daily-cap.ts';
import { keys } from '../../../server/keys.ts';
import { MAIL_COUNTERS } from '../../../server/mail.ts';
import * as scripts from '../../../server/scripts/scheduling.ts';
import type { CreatedPoll, ListedPoll, PollsPage } from '../poll/logic.ts';
import { parsedPoll } from '../poll/repo.server.ts';
import { specPolls } from '../configured/logic.ts';

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

/** The script arguments that say who acts: their account key ('' for the operator) and '1' for an admin. */
export function actingAs(organiser: Organiser): [caller: string, admin: '1' | '0'] {
  if (isOperator(organiser)) return ['', '1'];
  return [organiser.accountKey, canAdminister(organiser) ? '1' : '0'];
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
  const [account, admin] = actingAs(organiser);
  return runAsAdmin(
    organiser,
    scripts.createPoll,
    [
      keys.schedulePolls(),
      keys.scheduleOffered(id),
      keys.schedulePollIndex(),
      keys.schedulePollSequence(),
      keys.scheduleOrganisers(),
      keys.scheduleOrganised(account),
      keys.scheduleFinals(),
    ],
    [
      id,
      JSON.stringify(definition),
      account,
      admin,
      MAX_OPEN_POLLS_PER_ACCOUNT,
      MAX_POLLS_PER_ACCOUNT,
      ...poll.options.map((option) => option.id),
    ],
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
  const [more, ...rows] = await runAsAdmin(
    caller,
    scripts.listPolls,
    [
      index,
      keys.schedulePolls(),
      keys.scheduleFinals(),
      keys.scheduleVoterCounts(),
      keys.scheduleOrganisers(),
      keys.scheduleCommentsOff(),
      keys.scheduleDigests(),
    ],
    [below, count, ...named],
  );
  const polls: ListedPoll[] = [];
  let older: string | null = null;
  for (let at = 0; at < rows.length; at += 8) {
    const [id, place, definition, final, voters, organiser, commentsOff, digest] = rows.slice(at, at + 8) as string[];
    polls.push({
      ...parsedPoll(id!, definition!, final),
      voters: Number(voters),
      ...(organiser ? { organiser: organiser.split('#')[0] } : {}),
      ...(commentsOff === '1' ? { commentsOff: true as const } : {}),
      ...(digest === '1' ? { digest: true as const } : {}),
    });
    if (place) older = place;
  }
  return { polls, older: more === '1' ? older : null };
}

/**
 * The console's polls: a page of the made polls, newest first, below the cursor `before` (the
 * newest without one), and on the first page the configured polls that are stored.
 */
export function listPolls(admin: Admin, before?: number): Promise<PollsPage> {
  const below = before === undefined ? '+inf' : `(${before}`;
  const configured = before === undefined ? specPolls().map((poll) => poll.id) : [];
  return readPollsPage(admin, keys.schedulePollIndex(), below, POLLS_PAGE_SIZE, configured);
}

/** The polls a member made, newest first (at most MAX_POLLS_PER_ACCOUNT, so one page). */
export async function listOwnPolls(member: SignedIn): Promise<ListedPoll[]> {
  const { polls } = await readPollsPage(
    member,
    keys.scheduleOrganised(member.accountKey),
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
    [keys.schedulePolls(), keys.schedulePollIndex(), keys.schedulePollSequence()],
    specPolls().map((poll) => poll.id),
  );
}

/** Deletes a poll and everything voted in it, for its organiser or an admin: 'deleted', 'missing' or 'not-theirs'. */
export async function deletePoll(organiser: Organiser, pollId: string): Promise<'deleted' | 'missing' | 'not-theirs'> {
  const deleted = await runAsAdmin(
    organiser,
    scripts.deletePoll,
    [
      keys.schedulePolls(),
      keys.scheduleFinals(),
      keys.scheduleVoterCounts(),
      keys.scheduleVersion(pollId),
      keys.schedulePollIndex(),
      keys.scheduleOrganisers(),
      keys.scheduleCommentsOff(),
      keys.scheduleDigests(),
      keys.scheduleDigestPending(),
      keys.scheduleOffered(pollId),
      keys.scheduleVotes(pollId),
      keys.scheduleMaybe(pollId),
      keys.schedulePeople(pollId),
      keys.scheduleFirstNames(pollId),
      keys.scheduleClaims(pollId),
      keys.scheduleComments(pollId),
      keys.scheduleEmails(pollId),
      keys.scheduleNotified(pollId),
    ],
    [pollId, ...actingAs(organiser), keys.scheduleOrganised('')],
  );
  return deleted === 1 ? 'deleted' : deleted === 0 ? 'missing' : 'not-theirs';
}

/**
 * Takes the voters under a name (as voted) out of a poll with all their answers, freeing the name,
 * for its organiser or an admin; -1 when the poll has no such voter, -2 when it is not the
 * organiser's, else how many answers went.
 */
export function removeVoter(organiser: Organiser, pollId: string, username: string): Promise<number> {
  return runAsAdmin(
    organiser,
    scripts.removeVoter,
    [
      keys.scheduleVotes(pollId),
      keys.scheduleMaybe(pollId),
      keys.schedulePeople(pollId),
      keys.scheduleFirstNames(pollId),
      keys.scheduleClaims(pollId),
      keys.scheduleVoterCounts(),
      keys.scheduleVersion(pollId),
      keys.scheduleOrganisers(),
      keys.scheduleEmails(pollId),
      keys.scheduleNotified(pollId),
    ],
    [username, pollId, ...actingAs(organiser)],
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
  const [outcome, mails, definition, ...addresses] = await runAsAdmin(
    organiser,
    scripts.finalisePoll,
    [
      keys.schedulePolls(),
      keys.scheduleOffered(pollId),
      keys.scheduleFinals(),
      keys.scheduleVersion(pollId),
      keys.scheduleOrganisers(),
      keys.scheduleEmails(pollId),
      dayMail,
    ],
    // The organiser's counter is the day's counter of the subject '': their account key follows.
    [pollId, optionId, ...actingAs(organiser), mail.cap, mail.organiserShare, dayTtl, `${organiserCounter}:`],
  );
  if (outcome !== 'ok') return { outcome: outcome as 'missing' | 'not-theirs' | 'unknown-option' };
  const pairs: [string, string][] = [];
  for (let at = 0; at < addresses.length; at += 2) pairs.push([String(addresses[at]), String(addresses[at + 1])]);
  return {
    outcome,
    mails: Number(mails),
    poll: { ...parsedPoll(pollId, String(definition), optionId) },
    addresses: pairs,
  };
}

/** Reopens a finalised poll, for its organiser or an admin: 'ok', 'missing' or 'not-theirs'. */
export function reopenPoll(organiser: Organiser, pollId: string) {
  return runAsAdmin(
    organiser,
    scripts.reopenPoll,
    [keys.schedulePolls(), keys.scheduleFinals(), keys.scheduleVersion(pollId), keys.scheduleOrganisers()],
    [pollId, ...actingAs(organiser)],
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
    [
      keys.schedulePolls(),
      keys.scheduleOrganisers(),
      keys.scheduleCommentsOff(),
      keys.scheduleDigests(),
      keys.scheduleVersion(pollId),
    ],
    [pollId, ...actingAs(organiser), settings.comments, settings.digest, keys.user('')],
  );
}
