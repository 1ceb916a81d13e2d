// The scheduling polls' own endpoints, for any poll of the one model: read a poll, its answers,
// its version and its decision; vote; and (clearance 3) make, list, finalise, reopen and delete
// polls. The spec's endpoints are adapters over these (spec-api.server.ts).
import { clientAddress } from '../../server/client.ts';
import { download, endpoint, json, lastPathSegment, sharedCache } from '../../server/http.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
import { isSignedIn } from '../../server/caller.ts';
import { createPoll, decidePoll, deletePoll, listPolls, removeVoter } from './organising.server.ts';
import { decideRequest, newPollRequest, pollRequest, removeVoterRequest, voteRequest } from './schema.ts';
import { poll, pollAnswers, pollCalendar, pollVersion, vote } from './voting.server.ts';

// Every open poll page reads its poll's version every few seconds, and reloads the poll and its
// answers, asking for them at the new version (`?v=`), only when it moved. So the CDN answers the
// version for a second (two more while it refreshes: a change shows within a few seconds), and
// keeps a poll or its answers asked for at the version they were read at for a minute: that URL's
// answer cannot change. Asked at another version, or none, they are not kept, so nobody can park
// an old answer under a version still to come.
const LIVE = sharedCache(1, 2);
// A member's answers are marked as theirs: the CDN keeps a guest's apart from anyone's with a token.
const PER_TOKEN = { 'Netlify-Vary': 'header=Authorization' };
const atVersion = (req: Request, version: number) =>
  new URL(req.url).searchParams.get('v') === String(version) ? sharedCache(60, 60) : {};

/** GET a poll: its title, zone, options, decision and version. */
export const pollEndpoint = endpoint({
  method: 'GET',
  access: 'public',
  handle: async ({ req }) => {
    const found = await poll(lastPathSegment(req));
    return json(found, 200, atVersion(req, found.version));
  },
});
/** GET every answer of a poll; with a token, the member's own are marked (`mine`), and the answer is theirs alone. */
export const pollAnswersEndpoint = endpoint({
  method: 'GET',
  access: 'optional-session',
  handle: async ({ req, caller }) => {
    const { votes, version } = await pollAnswers(lastPathSegment(req), caller);
    return json(votes, 200, isSignedIn(caller) ? {} : { ...atVersion(req, version), ...PER_TOKEN });
  },
});
/** GET a poll's version. */
export const pollVersionEndpoint = endpoint({
  method: 'GET',
  access: 'public',
  handle: async ({ req }) => json(await pollVersion(lastPathSegment(req)), 200, LIVE),
});

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

// ----- The console: clearance 3 to make, list, decide and delete polls, and remove voters -----

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

/** POST take a voter out of a poll, with all their answers. */
export const removeVoterAdminEndpoint = endpoint({
  method: 'POST',
  access: organiser,
  body: removeVoterRequest,
  handle: ({ body, caller }) => removeVoter(caller, body.pollId, body.username),
});
