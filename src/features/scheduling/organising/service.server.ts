// Organising polls: any member makes polls (within the repo's caps) and manages their own; the
// console (clearance 3) every poll. Whose poll it is, the store checks in the same step as the change.
import { randomBytes } from 'node:crypto';
import { canAdminister } from '../../../lib/policy.ts';
import type { Admin } from '../../../server/admin-limit.ts';
import { AppError } from '../../../server/app-error.ts';
import { OPERATOR, type SignedIn } from '../../../server/caller.ts';
import { mailCaps } from '../../../server/mail.ts';
import type { SessionUser } from '../../../server/session.ts';
import { organiserShare, tellVoters } from '../mail/service.server.ts';
import {
  NO_SUCH_OPTION,
  NO_SUCH_POLL,
  deadlineProblem,
  isPollId,
  keptUntil,
  newPollProblem,
  pollOptions,
} from '../poll/logic.ts';
import { readPoll } from '../poll/repo.server.ts';
import type { CreatedPoll, SchedulingReason } from '../poll/schema.ts';
import { specPoll } from '../configured/logic.ts';
import * as votes from '../voting/repo.server.ts';
import * as repo from './repo.server.ts';
import type {
  EditPollRequest,
  NewPollRequest,
  OrganisedVoter,
  PollSettingsRequest,
  RemoveVoterRequest,
} from './schema.ts';

export const NOT_YOUR_POLL = 'Only the organiser of this poll can change it.';
export const NO_SUCH_VOTER = 'This voter is not in the poll any more.';
export const POLL_DECIDED = 'This poll is decided: reopen it to change it.';
export const CONFIGURED_POLL = 'This poll is the site’s own: its dates change in the site’s content.';
export const NO_DIGEST_ADDRESS =
  'Your account has no verified email address, so a digest would have nowhere to go. Verify one on your dashboard first.';

/** Refuses a change to a poll that is not there (404) or is another's (403). */
function refuse<T>(outcome: T): asserts outcome is Exclude<T, 'missing' | 'not-theirs'> {
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'not-theirs') throw new AppError('forbidden', NOT_YOUR_POLL);
}

/** Makes a poll from the organiser's form (its text trimmed) as theirs; the form's first problem is a 400. */
export async function createPoll(organiser: repo.Organiser, request: NewPollRequest, now = Date.now()) {
  const problem = newPollProblem(request, now);
  if (problem) throw new AppError('bad_request', problem);
  const { days: _days, ...fields } = request;
  const id = Array.from(randomBytes(12), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('');
  const poll: CreatedPoll = { id, ...fields, options: pollOptions(request), createdAt: now };
  const outcome = await repo.createPoll(organiser, poll);
  if (outcome === 'too-many-open') {
    throw new AppError(
      'conflict',
      `You have ${repo.MAX_OPEN_POLLS_PER_ACCOUNT} open polls, the most one account may have. Finalise or delete one first.`,
    );
  }
  if (outcome === 'too-many') {
    throw new AppError(
      'conflict',
      `You have made ${repo.MAX_POLLS_PER_ACCOUNT} polls, the most one account may keep. Delete an old one first.`,
    );
  }
  if (outcome === 'taken') throw new AppError('unavailable', 'Please try again.');
  return { poll };
}

/**
 * Changes a made poll as its organiser's form has it now (the form's rules, its dates gone by kept),
 * taking the answers to the options it drops only when they agreed to as many: else a 409 says how
 * many would go (`answers`), to ask them. Two round trips: the poll read, the change.
 */
export async function editPoll(organiser: repo.Organiser, request: EditPollRequest, now = Date.now()) {
  const { pollId, dropAnswers, days: _days, ...fields } = request;
  if (specPoll(pollId)) throw new AppError('bad_request', CONFIGURED_POLL);
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  // A poll not there is the script's to say, after the session check.
  const stored = (await readPoll(pollId))?.poll;
  const problem = newPollProblem(request, now, stored?.options);
  if (problem) throw new AppError('bad_request', problem);
  const createdAt = stored?.createdAt ?? now;
  const poll: CreatedPoll = { id: pollId, ...fields, options: pollOptions(request), createdAt };
  const edited = await repo.editPoll(organiser, poll, dropAnswers);
  if (!('answers' in edited)) {
    refuse(edited.outcome);
    throw new AppError('conflict', POLL_DECIDED);
  }
  if (edited.outcome === 'answers') {
    const { answers } = edited;
    const message = `The options you took out have ${answers} answer(s): they would be deleted with them.`;
    throw new AppError<SchedulingReason>('conflict', message, {}, 'answers-go', { answers });
  }
  return { poll, removedAnswers: edited.answers };
}

export const listPolls = (admin: Admin, before?: number) => repo.listPolls(admin, before);

export const listOwnPolls = async (member: SignedIn) => ({ polls: await repo.listOwnPolls(member), older: null });

export async function deletePoll(organiser: repo.Organiser, pollId: string) {
  refuse(isPollId(pollId) ? await repo.deletePoll(organiser, pollId) : 'missing');
}

/** Made polls the daily run deletes at most: a day's worth many times over, and well inside a function's time. */
export const EXPIRED_PER_RUN = 200;

/**
 * Deletes the made polls whose keptUntil day has come (poll/logic.ts POLL_KEPT_DAYS), with their
 * votes, comments and addresses, as their organiser's Delete does; answers how many went.
 */
export async function deleteExpiredPolls(now = Date.now()): Promise<number> {
  const today = new Date(now).toISOString().slice(0, 10);
  const expired = (await repo.madePolls()).filter((poll) => keptUntil(poll) <= today).slice(0, EXPIRED_PER_RUN);
  for (const poll of expired) await repo.deletePoll(OPERATOR, poll.id);
  return expired.length;
}

/** Finalises a poll on an option, then mails the decision to its voters who left an address. */
export async function finalise(organiser: repo.Organiser, pollId: string, optionId: string, site: string) {
  const { polls: cap } = mailCaps();
  const finalised = isPollId(pollId)
    ? await repo.finalisePoll(organiser, pollId, optionId, { cap, organiserShare: organiserShare(cap) })
    : { outcome: 'missing' as const };
  if (finalised.outcome !== 'ok') {
    refuse(finalised.outcome);
    throw new AppError('bad_request', NO_SUCH_OPTION);
  }
  return { told: await tellVoters(finalised.poll, finalised.addresses, finalised.mails, site) };
}

export async function reopen(organiser: repo.Organiser, pollId: string) {
  refuse(isPollId(pollId) ? await repo.reopenPoll(organiser, pollId) : 'missing');
}

/**
 * Takes a voter (by the name the answers show, `anon_` and all), or every voter who joined since a
 * time (a poll filled by a script in one go, say), out of a poll with all their answers.
 */
export async function removeVoter(organiser: repo.Organiser, input: RemoveVoterRequest) {
  const who = input.joinedSince === undefined ? { username: input.username ?? '' } : { since: input.joinedSince };
  const removed = isPollId(input.pollId) ? await repo.removeVoters(organiser, input.pollId, who) : 'missing';
  if (removed === 'no-voter') throw new AppError('not_found', NO_SUCH_VOTER);
  refuse(removed);
  return { removedVoters: removed.voters, removedAnswers: removed.answers };
}

const setting = (on: boolean | undefined) => (on === undefined ? '' : on ? 'on' : 'off');

/**
 * Switches a poll's comments, its organiser's daily digest or the hiding of its voters' names on or
 * off, or sets or takes away the deadline its votes close at by themselves, for its organiser or an admin.
 */
export async function changeSettings(
  organiser: repo.Organiser,
  { pollId, comments, digest, hideVoters, deadline }: PollSettingsRequest,
) {
  const problem = deadline ? deadlineProblem(deadline, Date.now()) : undefined;
  if (problem) throw new AppError('bad_request', problem);
  const outcome = isPollId(pollId)
    ? await repo.setPollSettings(organiser, pollId, {
        comments: setting(comments),
        digest: setting(digest),
        hideVoters: setting(hideVoters),
        // -1 leaves it as it is, 0 takes it away.
        deadline: deadline === undefined ? -1 : (deadline ?? 0),
      })
    : 'missing';
  refuse(outcome);
  if (outcome === 'no-email') throw new AppError('conflict', NO_DIGEST_ADDRESS);
}

/** A poll's voters as its organiser (or an admin) sees them, in the order they came; one round trip. */
export async function pollVoters(reader: SessionUser, pollId: string): Promise<{ voters: OrganisedVoter[] }> {
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const read = await votes.readVoters(pollId, reader.session);
  if (!canAdminister(reader) && read.organiser !== reader.accountKey) throw new AppError('forbidden', NOT_YOUR_POLL);
  const answers = new Map<string, number>();
  for (const vote of read.votes) answers.set(votes.voterOf(vote), (answers.get(votes.voterOf(vote)) ?? 0) + 1);
  return {
    voters: read.people.map(([key, { name, firstName, email }]) => ({
      username: name,
      ...(firstName ? { firstName } : {}),
      answers: answers.get(key) ?? 0,
      ...(email ? { email } : {}),
      ...(read.told[key] ? { told: JSON.parse(read.told[key]) as OrganisedVoter['told'] } : {}),
    })),
  };
}
