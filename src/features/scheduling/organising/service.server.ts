// Organising polls: any member makes polls (within MAX_OPEN_POLLS_PER_ACCOUNT and
// MAX_POLLS_PER_ACCOUNT) and manages their own; the console (clearance 3) every poll. Whose poll it
// is, the store checks in the same step as the change (scripts.server.ts).
import * as repo from './repo.server.ts';
import * as votes from '../voting/repo.server.ts';
import { randomBytes } from 'node:crypto';
import type { Admin } from '../../../server/admin-limit.ts';
import { AppError } from '../../../server/app-error.ts';
import type { SignedIn } from '../../../server/caller.ts';
import { canAdminister } from '../../../lib/policy.ts';
import type { SessionUser } from '../../../server/session.ts';
import { isPollId, newPollProblem, pollOptions } from '../poll/logic.ts';
import type { CreatedPoll, NewPoll } from '../poll/schema.ts';
import { mailCaps } from '../../../server/mail.ts';
import { organiserShare, tellVoters, type Told } from '../mail/service.server.ts';
import type { NewPollRequest, OrganisedVoter, PollSettingsRequest } from './schema.ts';
import { NO_SUCH_OPTION, NO_SUCH_POLL } from '../poll/logic.ts';

export type { Organiser } from './repo.server.ts';

/** What a member hears when they try to change a poll another account made. */
export const NOT_YOUR_POLL = 'Only the organiser of this poll can change it.';

/** A new poll's id: twelve random lower-case letters and digits. */
const newPollId = () =>
  Array.from(randomBytes(12), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('');

/** Makes a poll from the organiser's form as theirs; the form's first problem is a 400 with its message. */
export async function createPoll(organiser: repo.Organiser, request: NewPollRequest, now = Date.now()) {
  const input: NewPoll = {
    title: request.title.trim(),
    description: request.description.trim(),
    location: request.location.trim(),
    zone: request.zone,
    days: request.days.map((day) => ({ date: day.date, slots: day.slots })),
    slotMinutes: request.slotMinutes,
  };
  const problem = newPollProblem(input, now);
  if (problem) throw new AppError('bad_request', problem);
  const { days: _days, ...fields } = input;
  const poll: CreatedPoll = { id: newPollId(), ...fields, options: pollOptions(input), createdAt: now };
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

export const listPolls = (admin: Admin, before?: number) => repo.listPolls(admin, before);

export const listOwnPolls = async (member: SignedIn) => ({ polls: await repo.listOwnPolls(member), older: null });

const notYours = () => new AppError('forbidden', NOT_YOUR_POLL);

export async function deletePoll(organiser: repo.Organiser, pollId: string) {
  const outcome = isPollId(pollId) ? await repo.deletePoll(organiser, pollId) : 'missing';
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'not-theirs') throw notYours();
}

/** Finalises a poll on an option, then mails the decision to its voters who left an address. */
export async function finalise(organiser: repo.Organiser, pollId: string, optionId: string, site: string) {
  const caps = mailCaps();
  const outcome = isPollId(pollId)
    ? await repo.finalisePoll(organiser, pollId, optionId, {
        cap: caps.polls,
        organiserShare: organiserShare(caps.polls),
      })
    : { outcome: 'missing' as const };
  switch (outcome.outcome) {
    case 'missing':
      throw new AppError('not_found', NO_SUCH_POLL);
    case 'not-theirs':
      throw notYours();
    case 'unknown-option':
      throw new AppError('bad_request', NO_SUCH_OPTION);
  }
  const told = await tellVoters(outcome.poll, outcome.addresses, outcome.mails, site);
  return { told };
}

export async function reopen(organiser: repo.Organiser, pollId: string) {
  const outcome = isPollId(pollId) ? await repo.reopenPoll(organiser, pollId) : 'missing';
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'not-theirs') throw notYours();
}

/** What the organiser hears when the voter to remove is not in the poll (any more). */
export const NO_SUCH_VOTER = 'This voter is not in the poll any more.';

/** Takes a voter (by the name the answers show, `anon_` and all) out of a poll with all their answers. */
export async function removeVoter(organiser: repo.Organiser, pollId: string, username: string) {
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const removed = await repo.removeVoter(organiser, pollId, username);
  if (removed === 'not-theirs') throw notYours();
  if (removed === 'no-voter') throw new AppError('not_found', NO_SUCH_VOTER);
  return { removedAnswers: removed };
}

/** What an organiser hears when a digest has nowhere to go. */
export const NO_DIGEST_ADDRESS =
  'Your account has no email address, so a digest would have nowhere to go. Register with an email address to have one.';

const setting = (on: boolean | undefined) => (on === undefined ? '' : on ? 'on' : 'off');

/** Switches a poll's comments or its organiser's daily digest on or off, for its organiser or an admin. */
export async function changeSettings(organiser: repo.Organiser, request: PollSettingsRequest) {
  const outcome = isPollId(request.pollId)
    ? await repo.setPollSettings(organiser, request.pollId, {
        comments: setting(request.comments),
        digest: setting(request.digest),
      })
    : 'missing';
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'not-theirs') throw notYours();
  if (outcome === 'no-email') throw new AppError('conflict', NO_DIGEST_ADDRESS);
}

/** A poll's voters as its organiser (or an admin) sees them, in the order they came; one round trip. */
export async function pollVoters(reader: SessionUser, pollId: string): Promise<{ voters: OrganisedVoter[] }> {
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const read = await votes.readVoters(pollId, reader.session);
  if (!canAdminister(reader) && read.organiser !== reader.accountKey) throw notYours();
  const answers = new Map<string, number>();
  for (const vote of read.votes) answers.set(votes.voterOf(vote), (answers.get(votes.voterOf(vote)) ?? 0) + 1);
  return {
    voters: read.people.map(([key, { name, firstName, email }]) => ({
      username: name,
      ...(firstName ? { firstName } : {}),
      answers: answers.get(key) ?? 0,
      ...(email ? { email } : {}),
      ...(read.told[key] ? { told: JSON.parse(read.told[key]) as Told } : {}),
    })),
  };
}
