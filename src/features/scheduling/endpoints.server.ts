// The scheduling functions' shared shapes: each file in netlify/functions names its route and
// picks one of these, so the rules live here once.
import { clientAddress } from '../../server/client.ts';
import { type CallerFor, type EndpointInput, download, endpoint, json, lastPathSegment } from '../../server/http.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
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
  endpoint({ method: 'GET', access: 'public', handle: ({ req }) => read(lastPathSegment(req)) });

/** GET …/:pollId?username= answering the voter's chosen option ids. */
export const voterChoicesEndpoint = (kind: PollKind) =>
  endpoint({
    method: 'GET',
    access: 'public',
    handle: ({ req }) => choicesOf(kind, lastPathSegment(req), new URL(req.url).searchParams.get('username') ?? ''),
  });

type ChoiceBody = ChoiceRequest | DateChoiceRequest;

/** POST add or remove one vote, as the token's user or an anonymous name. */
export function changeChoiceEndpoint(kind: PollKind, change: 'add' | 'remove') {
  const handle = async ({ req, context, body, caller }: EndpointInput<ChoiceBody, CallerFor<'optional-session'>>) =>
    changeChoice(
      {
        kind,
        change,
        pollId: body.pollId,
        username: body.username,
        claimSecret: body.claimSecret,
        ...('date' in body ? { optionId: body.date } : { optionId: body.scheduleItemId, answer: body.answer }),
      },
      caller,
      clientAddress(req, context),
    );
  return kind === 'date'
    ? endpoint({ method: 'POST', access: 'optional-session', body: dateChoiceRequest, handle })
    : endpoint({ method: 'POST', access: 'optional-session', body: choiceRequest, handle });
}

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

// ----- Polls made in the console (issue 20): clearance 3 to make, list, decide and delete -----

/** POST a new poll from the console's form; answers the poll as stored. */
export const createPollAdminEndpoint = endpoint({
  method: 'POST',
  access: { clearance: CLEARANCE.console },
  body: newPollRequest,
  handle: ({ body, caller }) => createPoll(caller, body),
});

/** GET the made polls, newest first, with their voters. */
export const listPollsAdminEndpoint = endpoint({
  method: 'GET',
  access: { clearance: CLEARANCE.console },
  handle: ({ caller }) => listPolls(caller),
});

/** POST finalise a made poll on an option. */
export const finalisePollAdminEndpoint = endpoint({
  method: 'POST',
  access: { clearance: CLEARANCE.console },
  body: decideRequest,
  handle: ({ body, caller }) => decidePoll(caller, body.pollId, body.optionId),
});

/** POST reopen a finalised poll: it takes votes again. */
export const reopenPollAdminEndpoint = endpoint({
  method: 'POST',
  access: { clearance: CLEARANCE.console },
  body: pollRequest,
  handle: ({ body, caller }) => decidePoll(caller, body.pollId, ''),
});

/** POST delete a made poll and everything voted in it. */
export const deletePollAdminEndpoint = endpoint({
  method: 'POST',
  access: { clearance: CLEARANCE.console },
  body: pollRequest,
  handle: ({ body, caller }) => deletePoll(caller, body.pollId),
});

/** GET a finalised poll's decision as an .ics file. */
export const pollCalendarEndpoint = endpoint({
  method: 'GET',
  access: 'public',
  handle: async ({ req }) =>
    download(await pollCalendar(lastPathSegment(req)), 'text/calendar; charset=utf-8', 'decision.ics'),
});
