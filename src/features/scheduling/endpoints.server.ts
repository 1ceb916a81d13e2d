// The scheduling polls' own endpoints, for any poll of the one model: read a poll, its answers,
// its version and its decision; vote; and (clearance 3) make, list, finalise, reopen and delete
// polls. The spec's endpoints are adapters over these (spec-api.server.ts).
import { clientAddress } from '../../server/client.ts';
import { download, endpoint, lastPathSegment, optionalUser, requirePermission } from '../../server/http.ts';
import { canAdminister } from '../../lib/policy.ts';
import { createPoll, decidePoll, deletePoll, listPolls } from './organising.server.ts';
import { decideRequest, newPollRequest, pollRequest, voteRequest } from './schema.ts';
import { poll, pollAnswers, pollCalendar, pollVersion, vote } from './voting.server.ts';

/** GET …/:pollId answering what `read` finds for the poll. */
export const pollReadEndpoint = (read: (pollId: string) => Promise<unknown>) =>
  endpoint({ method: 'GET', handle: ({ req }) => read(lastPathSegment(req)) });

/** GET a poll: its title, zone, options, decision and version. */
export const pollEndpoint = pollReadEndpoint(poll);
/** GET every answer of a poll. */
export const pollAnswersEndpoint = pollReadEndpoint(pollAnswers);
/** GET a poll's version. */
export const pollVersionEndpoint = pollReadEndpoint(pollVersion);

/** GET a finalised poll's decision as an .ics file. */
export const pollCalendarEndpoint = endpoint({
  method: 'GET',
  handle: async ({ req }) =>
    download(await pollCalendar(lastPathSegment(req)), 'text/calendar; charset=utf-8', 'decision.ics'),
});

/** POST one answer (yes, if need be, or none), as the token's user or an anonymous name. */
export const voteEndpoint = endpoint({
  method: 'POST',
  body: voteRequest,
  handle: async ({ req, context, body }) => vote(body, await optionalUser(req), clientAddress(req, context)),
});

// ----- The console: clearance 3 to make, list, decide and delete -----

/** POST a new poll from the console's form; answers the poll as stored. */
export const createPollAdminEndpoint = endpoint({
  method: 'POST',
  body: newPollRequest,
  handle: async ({ req, body }) => createPoll(await requirePermission(req, canAdminister), body),
});

/** GET the polls, newest first, with their voters. */
export const listPollsAdminEndpoint = endpoint({
  method: 'GET',
  handle: async ({ req }) => listPolls(await requirePermission(req, canAdminister)),
});

/** POST finalise a poll on an option. */
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

/** POST delete a poll and everything voted in it. */
export const deletePollAdminEndpoint = endpoint({
  method: 'POST',
  body: pollRequest,
  handle: async ({ req, body }) => deletePoll(await requirePermission(req, canAdminister), body.pollId),
});
