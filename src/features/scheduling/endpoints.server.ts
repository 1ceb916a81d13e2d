// The scheduling polls' own endpoints, for any poll of the one model: read a poll, its answers,
// its version and its decision; vote; and (clearance 3) make, list, finalise, reopen and delete
// polls. The spec's endpoints are adapters over these (spec-api.server.ts).
import { clientAddress } from '../../server/client.ts';
import { download, endpoint, lastPathSegment } from '../../server/http.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
import { createPoll, decidePoll, deletePoll, listPolls } from './organising.server.ts';
import { decideRequest, newPollRequest, pollRequest, voteRequest } from './schema.ts';
import { poll, pollAnswers, pollCalendar, pollVersion, vote } from './voting.server.ts';

/** GET …/:pollId answering what `read` finds for the poll; open to everyone. */
const pollReadEndpoint = (read: (pollId: string) => Promise<unknown>) =>
  endpoint({ method: 'GET', access: 'public', handle: ({ req }) => read(lastPathSegment(req)) });

/** GET a poll: its title, zone, options, decision and version. */
export const pollEndpoint = pollReadEndpoint(poll);
/** GET every answer of a poll; with a token, the member's own are marked (`mine`). */
export const pollAnswersEndpoint = endpoint({
  method: 'GET',
  access: 'optional-session',
  handle: ({ req, caller }) => pollAnswers(lastPathSegment(req), caller),
});
/** GET a poll's version. */
export const pollVersionEndpoint = pollReadEndpoint(pollVersion);

/** GET a finalised poll's decision as an .ics file. */
export const pollCalendarEndpoint = endpoint({
  method: 'GET',
  access: 'public',
  handle: async ({ req }) =>
    download(await pollCalendar(lastPathSegment(req)), 'text/calendar; charset=utf-8', 'decision.ics'),
});

/** POST one answer (yes, if need be, or none), as the token's user or an anonymous name. */
export const voteEndpoint = endpoint({
  method: 'POST',
  access: 'optional-session',
  body: voteRequest,
  handle: ({ req, context, body, caller }) => vote(body, caller, clientAddress(req, context)),
});

// ----- The console: clearance 3 to make, list, decide and delete -----

const organiser = { clearance: CLEARANCE.console };

/** POST a new poll from the console's form; answers the poll as stored. */
export const createPollAdminEndpoint = endpoint({
  method: 'POST',
  access: organiser,
  body: newPollRequest,
  handle: ({ body, caller }) => createPoll(caller, body),
});

/** GET the polls, newest first, with their voters. */
export const listPollsAdminEndpoint = endpoint({
  method: 'GET',
  access: organiser,
  handle: ({ caller }) => listPolls(caller),
});

/** POST finalise a poll on an option. */
export const finalisePollAdminEndpoint = endpoint({
  method: 'POST',
  access: organiser,
  body: decideRequest,
  handle: ({ body, caller }) => decidePoll(caller, body.pollId, body.optionId),
});

/** POST reopen a finalised poll: it takes votes again. */
export const reopenPollAdminEndpoint = endpoint({
  method: 'POST',
  access: organiser,
  body: pollRequest,
  handle: ({ body, caller }) => decidePoll(caller, body.pollId, ''),
});

/** POST delete a poll and everything voted in it. */
export const deletePollAdminEndpoint = endpoint({
  method: 'POST',
  access: organiser,
  body: pollRequest,
  handle: ({ body, caller }) => deletePoll(caller, body.pollId),
});
