// The scheduling polls' own endpoints, for any poll of the one model: read a poll, its answers,
// its version, its decision and its comments; vote and comment; make a poll (any member), list
// one's own, and finalise, reopen and delete a poll, change its settings, take a voter out of it or
// delete a comment (its organiser, or clearance 3); and the console's list of every poll
// (clearance 3). The spec's endpoints are adapters over these (spec-api.server.ts).
import { clientAddress } from '../../server/client.ts';
import { download, endpoint, json, lastPathSegment, parseWith, sharedCache } from '../../server/http.ts';
import { CLEARANCE } from '../../lib/user-details.ts';
import { isSignedIn } from '../../server/caller.ts';
import { siteUrl } from '../../server/settings.ts';
import { comment, deleteComment, pollComments } from './comments/service.server.ts';
import {
  changeSettings,
  createPoll,
  deletePoll,
  finalise,
  listOwnPolls,
  listPolls,
  pollVoters,
  removeVoter,
  reopen,
} from './organising/service.server.ts';
import {
  commentRequest,
  decideRequest,
  deleteCommentRequest,
  newPollRequest,
  pollRequest,
  pollSettingsRequest,
  pollsQuery,
  removeVoterRequest,
  voteRequest,
  voterEmailRequest,
} from './poll/schema.ts';
import { leaveEmail, poll, pollAnswers, pollCalendar, pollVersion, vote } from './voting/service.server.ts';
import { sendPollDigests } from './mail/service.server.ts';
import { features } from '../../content/site.config.ts';

// Every open poll page reads its poll's version every few seconds, and reloads the poll and its
// answers, asking for them at the new version (`?v=`), only when it moved. So the CDN answers the
// version for a second (two more while it refreshes: a change shows within a few seconds), and
// keeps a poll, its answers or its comments asked for at the version they were read at for a minute: that URL's
// answer cannot change. Asked at another version, or none, they are not kept, so nobody can park
// an old answer under a version still to come.
const LIVE = sharedCache(1, 2);
// A member's answers are marked as theirs: the CDN keeps a guest's apart from anyone's with a token.
const PER_TOKEN = { 'Netlify-Vary': 'header=Authorization' };
/** The site's address for the links in its mail: SITE_URL (or Netlify's URL), else the address asked. */
const siteAddress = (req: Request) => siteUrl(process.env) ?? new URL(req.url).origin;
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

/** POST the address a voter leaves to hear the decision ('' forgets it), as the token's user or an anonymous name. */
export const voterEmailEndpoint = endpoint({
  method: 'POST',
  access: 'optional-session',
  body: voterEmailRequest,
  handle: ({ req, context, body, caller }) => leaveEmail(body, caller, clientAddress(req, context)),
});

/**
 * GET a poll's comments, oldest first; with a token, the member's own are marked (`own`) and whether
 * they may delete any (`moderator`), and the answer is theirs alone.
 */
export const pollCommentsEndpoint = endpoint({
  method: 'GET',
  access: 'optional-session',
  handle: async ({ req, caller }) => {
    const { version, ...comments } = await pollComments(lastPathSegment(req), caller);
    return json(comments, 200, isSignedIn(caller) ? {} : { ...atVersion(req, version), ...PER_TOKEN });
  },
});

/** POST a comment on a poll, as the token's user or under a guest's name. */
export const commentEndpoint = endpoint({
  method: 'POST',
  access: 'optional-session',
  body: commentRequest,
  handle: ({ req, context, body, caller }) => comment(body, caller, clientAddress(req, context)),
});

/** POST delete a comment (its member author, or the poll's organiser, or clearance 3). */
export const deleteCommentEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: deleteCommentRequest,
  handle: ({ body, caller }) => deleteComment(caller, body.pollId, body.commentId),
});

// ----- Organising: any member makes polls and manages their own; clearance 3 any poll -----

/** POST a new poll from the organiser's form, as the caller's; answers the poll as stored. */
export const createPollEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: newPollRequest,
  handle: ({ body, caller }) => createPoll(caller, body),
});

/** GET the polls the caller made, newest first, with their voters. */
export const ownPollsEndpoint = endpoint({
  method: 'GET',
  access: 'session',
  handle: ({ caller }) => listOwnPolls(caller),
});

/** GET the console's polls, newest first, with their voters and organisers: a page below the cursor `before`. */
export const listPollsAdminEndpoint = endpoint({
  method: 'GET',
  access: { clearance: CLEARANCE.console },
  handle: ({ req, caller }) => {
    const { before } = parseWith(pollsQuery, Object.fromEntries(new URL(req.url).searchParams));
    return listPolls(caller, before);
  },
});

/** GET a poll's voters with their answers, addresses and how they were told (its organiser, or clearance 3). */
export const pollVotersEndpoint = endpoint({
  method: 'GET',
  access: 'session',
  handle: ({ req, caller }) => pollVoters(caller, lastPathSegment(req)),
});

/** POST finalise a poll on an option (its organiser, or clearance 3); its voters who left an address are mailed. */
export const finalisePollEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: decideRequest,
  handle: ({ req, body, caller }) => finalise(caller, body.pollId, body.optionId, siteAddress(req)),
});

/** POST reopen a finalised poll: it takes votes again (its organiser, or clearance 3). */
export const reopenPollEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: pollRequest,
  handle: ({ body, caller }) => reopen(caller, body.pollId),
});

/** POST delete a poll and everything voted in it (its organiser, or clearance 3). */
export const deletePollEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: pollRequest,
  handle: ({ body, caller }) => deletePoll(caller, body.pollId),
});

/** POST take a voter out of a poll, with all their answers (its organiser, or clearance 3). */
export const removeVoterEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: removeVoterRequest,
  handle: ({ body, caller }) => removeVoter(caller, body.pollId, body.username),
});

/** POST switch a poll's comments or its daily digest on or off (its organiser, or clearance 3). */
export const pollSettingsEndpoint = endpoint({
  method: 'POST',
  access: 'session',
  body: pollSettingsRequest,
  handle: ({ body, caller }) => changeSettings(caller, body),
});

// ----- Scheduled -----

/**
 * Runs the day's digests (a scheduled function: Netlify calls it at 00:00 UTC with no caller and
 * no route of its own); switched off with the scheduling polls.
 */
export async function dailyDigestJob(req: Request): Promise<Response> {
  if (!features.scheduling) return new Response(null, { status: 204 });
  const { mailed, waiting } = await sendPollDigests(siteAddress(req));
  console.log(`Poll digests: ${mailed} mailed, ${waiting} left over the day's poll mail.`);
  return new Response(null, { status: 204 });
}
