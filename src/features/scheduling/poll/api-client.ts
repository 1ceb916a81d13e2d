// The scheduling polls' calls (SPEC section 7: /api/scheduling/*). Every poll page reads and votes
// through the one model's endpoints; the spec's own ones are for other clients.
import { apiRequest } from '../../../platform/api-client.ts';
import type { CreatedPoll, NewPoll, PollsPage, Voter, Answer } from './logic.ts';
import type { CommentsResponse, PollComment } from '../comments/logic.ts';
import type { AdminResponse, ChoiceResponse, OrganisedVoter } from './schema.ts';

const get = <T>(path: string) => apiRequest<T>(`scheduling/${path}`);

/** Who answered an option, and how. */
export interface Vote {
  option: string;
  user: Voter;
  answer: Answer;
  /** Tells the poll's voters apart within one read: two accounts that had one name are two voters. */
  voter: number;
  /** Present on the signed-in member's own answers: their account's, not just their name's. */
  mine?: true;
}

/** Asks at a version the page has seen (`?v=`): the CDN keeps that answer, which cannot change (endpoints.server.ts). */
const atVersion = (version: number | undefined) => (version === undefined ? '' : `?v=${version}`);

export const fetchPoll = (pollId: string, version?: number) =>
  get<CreatedPoll & { version: number }>(`poll/${pollId}${atVersion(version)}`);
export const fetchPollAnswers = (pollId: string, version?: number) =>
  get<Vote[]>(`poll-answers/${pollId}${atVersion(version)}`);
/** A poll's version: an open page's cheap check for news. */
export const fetchPollVersion = async (pollId: string) =>
  (await get<{ version: number }>(`poll-version/${pollId}`)).version;
/** A poll's comments, oldest first, the reader's own marked. */
export const fetchPollComments = (pollId: string, version?: number) =>
  get<CommentsResponse>(`poll-comments/${pollId}${atVersion(version)}`);
/** Comments on a poll: a guest under `name`, a member under their account's. */
export const sendComment = (pollId: string, text: string, name: string) =>
  apiRequest<{ status: 'Success'; comment: PollComment }>('scheduling/comment', {
    method: 'POST',
    body: { pollId, text, name },
  });
export const deleteComment = (pollId: string, commentId: string) =>
  apiRequest<{ status: 'Success' }>('scheduling/delete-comment', { method: 'POST', body: { pollId, commentId } });
/** Switches a poll's comments or its daily digest on or off (its organiser). */
export const changePollSettings = (pollId: string, settings: { comments?: boolean; digest?: boolean }) =>
  apiRequest<{ status: 'Success' }>('scheduling/poll-settings', { method: 'POST', body: { pollId, ...settings } });
/** Where a finalised poll's decision downloads as an .ics file. */
export const pollCalendarUrl = (pollId: string) => `/api/scheduling/poll-calendar/${pollId}`;

export interface VoteRequest {
  pollId: string;
  optionId: string;
  username: string;
  claimSecret?: string;
  answer: Answer | 'none';
}

/** Leaves the address a voter hears the decision at ('' forgets it), as the voter they vote as. */
export const sendVoterEmail = (body: { pollId: string; username: string; claimSecret?: string; email: string }) =>
  apiRequest<{ status: 'Success' }>('scheduling/voter-email', { method: 'POST', body });

/** Answers an option (yes, if need be) or takes the answer back (none). */
export const sendVote = (body: VoteRequest) => apiRequest<ChoiceResponse>('scheduling/vote', { method: 'POST', body });

// ----- The console and the organisers -----

/** Runs one of the console's spec actions. */
export const runAdminAction = (action: string) => apiRequest<AdminResponse>(`scheduling/${action}`, { method: 'POST' });

export const createPoll = (poll: NewPoll) =>
  apiRequest<{ status: 'Success'; poll: CreatedPoll }>('scheduling/create-poll', { method: 'POST', body: poll });
/** A page of every poll (clearance 3): the newest, or those before the cursor `before`. */
export const fetchPolls = (before?: string) => get<PollsPage>(`polls${before ? `?before=${before}` : ''}`);
/** The polls the signed-in member made. */
export const fetchOwnPolls = () => get<PollsPage>('my-polls');
/** How the decision's mail to the voters went, by delivery. */
export type ToldCounts = Record<'sending' | 'delivered' | 'undelivered' | 'not-sent', number>;

export const finalisePoll = (pollId: string, optionId: string) =>
  apiRequest<{ status: 'Success'; told: ToldCounts }>('scheduling/finalise-poll', {
    method: 'POST',
    body: { pollId, optionId },
  });
/** A poll's voters with their answers, addresses and how they were told (its organiser). */
export const fetchPollVoters = async (pollId: string) =>
  (await get<{ voters: OrganisedVoter[] }>(`poll-voters/${pollId}`)).voters;
export const reopenPoll = (pollId: string) =>
  apiRequest<{ status: 'Success' }>('scheduling/reopen-poll', { method: 'POST', body: { pollId } });
export const deletePoll = (pollId: string) =>
  apiRequest<{ status: 'Success' }>('scheduling/delete-poll', { method: 'POST', body: { pollId } });
export const removeVoter = (pollId: string, username: string) =>
  apiRequest<{ status: 'Success'; removedAnswers: number }>('scheduling/remove-voter', {
    method: 'POST',
    body: { pollId, username },
  });
