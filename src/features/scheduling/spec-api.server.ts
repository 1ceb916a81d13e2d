// The spec's /api/scheduling/* endpoints (SPEC section 7), thin adapters over the one poll model:
// the time-slot polls' schedule items and choices, the date poll's dates and choices, their votes,
// and the console's six actions. Each answers the spec's shapes and refusals; the polls themselves
// are the model's (voting.server.ts), the configured ones made from the content config (spec-polls.ts).
import { DATE_POLL } from '../../content/polls.ts';
import { AppError } from '../../server/app-error.ts';
import { clientAddress } from '../../server/client.ts';
import type { Guest, SignedIn } from '../../server/caller.ts';
import { endpoint, json, lastPathSegment } from '../../server/http.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
import { readPoll } from './polls.repo.server.ts';
import { pollVotes } from './votes.repo.server.ts';
import { type SchedulingReason, choiceRequest, dateChoiceRequest } from './schema.ts';
import { ADMIN_ACTIONS, type AdminAction } from './spec-console.server.ts';
import {
  type ChoiceWithUser,
  type DateChoiceWithUser,
  dateOptionOf,
  isTimeSlotPoll,
  scheduleItemOf,
  specPoll,
} from './spec-polls.ts';
import { NO_SUCH_OPTION, type VoteInput, choicesOf, vote } from './voting.server.ts';

type Kind = 'time-slot' | 'date';

/** The poll id, when it names a configured poll of the kind; else a 400. */
function requireKind(kind: Kind, pollId: string): string {
  if (kind === 'date' ? pollId !== DATE_POLL.id : !isTimeSlotPoll(pollId)) {
    throw new AppError('bad_request', 'There is no such poll.');
  }
  return pollId;
}

/** The options a configured poll offers now. */
async function offeredOptions(pollId: string) {
  return (await readPoll(pollId))?.poll.options ?? [];
}

/** GET …/:pollId answering what `read` finds for a configured poll of the kind. */
const read = (kind: Kind, answer: (pollId: string) => Promise<unknown>) =>
  endpoint({ method: 'GET', access: 'public', handle: ({ req }) => answer(requireKind(kind, lastPathSegment(req))) });

/** GET …/:pollId?username= answering the voter's chosen option ids. */
const choicesRead = (kind: Kind) =>
  endpoint({
    method: 'GET',
    access: 'public',
    handle: ({ req }) =>
      choicesOf(requireKind(kind, lastPathSegment(req)), new URL(req.url).searchParams.get('username') ?? ''),
  });

export const scheduleItemsEndpoint = read('time-slot', async (pollId) =>
  (await offeredOptions(pollId)).map(scheduleItemOf),
);
export const userChoicesEndpoint = choicesRead('time-slot');
/** Who chose which item: one round trip (the items' names are the config's). */
export const choicesWithUsersEndpoint = read('time-slot', async (pollId): Promise<ChoiceWithUser[]> => {
  const names = new Map(specPoll(pollId)!.options.map((option) => [option.id, scheduleItemOf(option)]));
  return (await pollVotes(pollId)).map(({ option, user }) => ({
    scheduleItem: names.get(option) ?? { _id: option, name: option },
    user,
  }));
});

export const availableDatesEndpoint = read('date', async (pollId) => (await offeredOptions(pollId)).map(dateOptionOf));
export const userDateChoicesEndpoint = choicesRead('date');
export const dateChoicesWithUsersEndpoint = read('date', async (pollId): Promise<DateChoiceWithUser[]> =>
  (await pollVotes(pollId)).map(({ option, user }) => ({ date: option, user })),
);

/** A vote through the model, its unknown option refused in the spec's words. */
async function voteAs(input: VoteInput, unknownOption: string, caller: SignedIn | Guest, address: string) {
  try {
    return await vote(input, caller, address);
  } catch (error) {
    if (error instanceof AppError && error.reason === 'unknown-option') {
      throw new AppError<SchedulingReason>('bad_request', unknownOption, {}, 'unknown-option');
    }
    throw error;
  }
}

/** POST add or remove a time slot (or, in a made poll, any option with its answer). */
export const choiceEndpoint = (change: 'add' | 'remove') =>
  endpoint({
    method: 'POST',
    access: 'optional-session',
    body: choiceRequest,
    handle: ({ req, context, body, caller }) => {
      if (body.pollId === DATE_POLL.id) throw new AppError('bad_request', 'There is no such poll.');
      const { scheduleItemId, answer, ...rest } = body;
      return voteAs(
        { ...rest, optionId: scheduleItemId, answer: change === 'add' ? answer : 'none' },
        isTimeSlotPoll(body.pollId) ? 'There is no such time slot.' : NO_SUCH_OPTION,
        caller,
        clientAddress(req, context),
      );
    },
  });

/** POST add or remove a date in the date poll. */
export const dateChoiceEndpoint = (change: 'add' | 'remove') =>
  endpoint({
    method: 'POST',
    access: 'optional-session',
    body: dateChoiceRequest,
    handle: ({ req, context, body, caller }) => {
      const { date, ...rest } = body;
      requireKind('date', body.pollId);
      const input: VoteInput = { ...rest, optionId: date, answer: change === 'add' ? 'yes' : 'none' };
      return voteAs(input, 'There is no such date.', caller, clientAddress(req, context));
    },
  });

/** POST one console action (clearance 3); a refused action answers 409 with its reason. */
export const adminEndpoint = (action: AdminAction) =>
  endpoint({
    method: 'POST',
    access: { clearance: CLEARANCE.console },
    handle: async ({ caller }) => {
      const result = await ADMIN_ACTIONS[action](caller);
      return json(result, result.status === 'Success' ? 200 : 409);
    },
  });
