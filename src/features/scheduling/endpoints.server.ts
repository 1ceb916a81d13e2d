// The scheduling functions' shared shapes: each file in netlify/functions names its route and
// picks one of these, so the rules live here once.
import { GUEST } from '../../server/caller.ts';
import { clientAddress } from '../../server/client.ts';
import {
  type EndpointInput,
  download,
  endpoint,
  json,
  lastPathSegment,
  optionalUser,
  requirePermission,
} from '../../server/http.ts';
import { canAdminister } from '../../lib/policy.ts';
import {
  type ChoiceRequest,
  type DateChoiceRequest,
  choiceRequest,
  dateChoiceRequest,
  decideRequest,
  newPollRequest,
  pollRequest,
} from './schema.ts';
import {
  ADMIN_ACTIONS,
  type AdminAction,
  type PollKind,
  changeChoice,
  choicesOf,
  createPoll,
  decidePoll,
  deletePoll,
  listPolls,
  pollCalendar,
} from './service.server.ts';

/** GET …/:pollId answering what `read` finds for the poll. */
export const pollReadEndpoint = (read: (pollId: string) => Promise<unknown>) =>
  endpoint({ method: 'GET', handle: ({ req }) => read(lastPathSegment(req)) });

/** GET …/:pollId?username= answering the voter's chosen option ids. */
export const voterChoicesEndpoint = (kind: PollKind) =>
  endpoint({
    method: 'GET',
    handle: ({ req }) => choicesOf(kind, lastPathSegment(req), new URL(req.url).searchParams.get('username') ?? ''),
  });

type ChoiceBody = ChoiceRequest | DateChoiceRequest;

/** POST add or remove one vote, as the token's user or an anonymous name. */
export function changeChoiceEndpoint(kind: PollKind, change: 'add' | 'remove') {
  const handle = async ({ req, context, body }: EndpointInput<ChoiceBody>) =>
    changeChoice(
      {
        kind,
        change,
        pollId: body.pollId,
        username: body.username,
        claimSecret: body.claimSecret,
        ...('date' in body ? { optionId: body.date } : { optionId: body.scheduleItemId, answer: body.answer }),
      },
      (await optionalUser(req)) ?? GUEST,
      clientAddress(req, context),
    );
  return kind === 'date'
    ? endpoint({ method: 'POST', body: dateChoiceRequest, handle })
    : endpoint({ method: 'POST', body: choiceRequest, handle });
}

/** POST one console action (clearance 3); a refused action answers 409 with its reason. */
export const adminEndpoint = (action: AdminAction) =>
  endpoint({
    method: 'POST',
    handle: async ({ req }) => {
      const admin = await requirePermission(req, canAdminister);
      const result = await ADMIN_ACTIONS[action](admin);
      return json(result, result.status === 'Success' ? 200 : 409);
    },
  });

// ----- Polls made in the console (issue 20): clearance 3 to make, list, decide and delete -----

/** POST a new poll from the console's form; answers the poll as stored. */
export const createPollAdminEndpoint = endpoint({
  method: 'POST',
  body: newPollRequest,
  handle: async ({ req, body }) => createPoll(await requirePermission(req, canAdminister), body),
});

/** GET the made polls, newest first, with their voters. */
export const listPollsAdminEndpoint = endpoint({
  method: 'GET',
  handle: async ({ req }) => listPolls(await requirePermission(req, canAdminister)),
});

/** POST finalise a made poll on an option. */
export const finalisePollAdminEndpoint = endpoint({
  method: 'POST',
  body: decideRequest,
  handle: async ({ req, body }) => decidePoll(await requirePermission(req, canAdminister), body.pollId, body.optionId),
});

/** POST reopen a finalised poll: it takes votes again. */
export const reopenPollAdminEndpoint = endpoint({
  method: 'POST',
  body: pollRequest,
  handle: async ({ req, body }) => decidePoll(await requirePermission(req, canAdminister), body.pollId, ''),
});

/** POST delete a made poll and everything voted in it. */
export const deletePollAdminEndpoint = endpoint({
  method: 'POST',
  body: pollRequest,
  handle: async ({ req, body }) => deletePoll(await requirePermission(req, canAdminister), body.pollId),
});

/** GET a finalised poll's decision as an .ics file. */
export const pollCalendarEndpoint = endpoint({
  method: 'GET',
  handle: async ({ req }) =>
    download(await pollCalendar(lastPathSegment(req)), 'text/calendar; charset=utf-8', 'decision.ics'),
});
