// Organising scheduling polls in the console (clearance is checked by the functions): making a poll
// from the form, the list with each poll's voters, finalising or reopening one, deleting one, and
// taking a voter out of one.
import { randomBytes } from 'node:crypto';
import type { Admin } from '../../server/admin-limit.ts';
import { AppError } from '../../server/app-error.ts';
import { type CreatedPoll, type NewPoll, isPollId, newPollProblem, pollOptions } from './new-poll.ts';
import * as repo from './polls.repo.server.ts';
import type { NewPollRequest } from './schema.ts';
import { NO_SUCH_OPTION, NO_SUCH_POLL } from './voting.server.ts';

/** A new poll's id: twelve random lower-case letters and digits. */
const newPollId = () =>
  Array.from(randomBytes(12), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('');

/** Makes a poll from the console's form; the form's first problem is a 400 with its message. */
export async function createPoll(admin: Admin, request: NewPollRequest, now = Date.now()) {
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
  const outcome = await repo.createPoll(admin, poll);
  if (outcome === 'full') {
    throw new AppError(
      'conflict',
      `The site keeps at most ${repo.MAX_CREATED_POLLS} polls. Please delete an old one first.`,
    );
  }
  if (outcome === 'taken') throw new AppError('unavailable', 'Please try again.');
  return { status: 'Success' as const, poll };
}

/** Every poll for the console, newest first, with its number of voters. */
export const listPolls = (admin: Admin) => repo.listPolls(admin);

/** Deletes a poll with its votes. */
export async function deletePoll(admin: Admin, pollId: string) {
  if (!isPollId(pollId) || !(await repo.deletePoll(admin, pollId))) throw new AppError('not_found', NO_SUCH_POLL);
  return { status: 'Success' as const };
}

/** Finalises a poll on one of its options (`optionId`), or reopens it (''). */
export async function decidePoll(admin: Admin, pollId: string, optionId: string) {
  const outcome = isPollId(pollId) ? await repo.decidePoll(admin, pollId, optionId) : 'missing';
  if (outcome === 'missing') throw new AppError('not_found', NO_SUCH_POLL);
  if (outcome === 'unknown-option') throw new AppError('bad_request', NO_SUCH_OPTION);
  return { status: 'Success' as const };
}

/** What the organiser hears when the voter to remove is not in the poll (any more). */
export const NO_SUCH_VOTER = 'This voter is not in the poll any more.';

/**
 * Takes a voter out of a poll with all their answers (names made up to fill a poll, a voter who
 * asked to leave), by the name the poll's answers show (`anon_` and all); their name is free
 * again. Answers how many answers went.
 */
export async function removeVoter(admin: Admin, pollId: string, username: string) {
  if (!isPollId(pollId)) throw new AppError('not_found', NO_SUCH_POLL);
  const removed = await repo.removeVoter(admin, pollId, username);
  if (removed < 0) throw new AppError('not_found', NO_SUCH_VOTER);
  return { status: 'Success' as const, removedAnswers: removed };
}
