// The scheduling polls' calls (SPEC section 7: /api/scheduling/*). Every poll page reads and votes
// through the one model's endpoints; the spec's own ones are for other clients.
import { apiRequest } from '../../../platform/api-client.ts';
import type { CreatedPoll, Vote } from './schema.ts';
import type { CommentsResponse, PollComment } from '../comments/logic.ts';
import type { ChoiceResponse, VoteRequest, VoterEmailRequest, VoterEmailResponse } from '../voting/schema.ts';

export type { VoteRequest } from '../voting/schema.ts';

const get = <T>(path: string) => apiRequest<T>(`scheduling/${path}`);
const post = <T = { status: 'Success' }>(path: string, body: object, botPass?: string) =>
  apiRequest<T>(`scheduling/${path}`, { method: 'POST', body, botPass });

/**
 * Asks at a version the page has seen (`?v=`): the CDN keeps that answer, which cannot change (poll/service.server.ts).
 */
const atVersion = (version: number | undefined) => (version === undefined ? '' : `?v=${version}`);

export function fetchPoll(pollId: string, version?: number) {
  return get<CreatedPoll & { version: number }>(`poll/${pollId}${atVersion(version)}`);
}
export function fetchPollAnswers(pollId: string, version?: number) {
  return get<Vote[]>(`poll-answers/${pollId}${atVersion(version)}`);
}
/** A poll's version: an open page's cheap check for news. */
export async function fetchPollVersion(pollId: string) {
  return (await get<{ version: number }>(`poll-version/${pollId}`)).version;
}
/** A poll's comments, oldest first, the reader's own marked. */
export function fetchPollComments(pollId: string, version?: number) {
  return get<CommentsResponse>(`poll-comments/${pollId}${atVersion(version)}`);
}
/** Comments on a poll: a guest under `name`, a member under their account's. */
export function sendComment(pollId: string, text: string, name: string, botPass?: string) {
  return post<{ status: 'Success'; comment: PollComment }>('comment', { pollId, text, name }, botPass);
}
export function deleteComment(pollId: string, commentId: string) {
  return post('delete-comment', { pollId, commentId });
}
/** Where a finalised poll's decision downloads as an .ics file. */
export const pollCalendarUrl = (pollId: string) => `/api/scheduling/poll-calendar/${pollId}`;

/** Leaves the address a voter hears the decision at ('' forgets it), as the voter they vote as. */
export function sendVoterEmail(body: VoterEmailRequest) {
  return post<VoterEmailResponse>('voter-email', body);
}
/**
 * Answers an option (yes, if need be) or takes the answer back (none); a name new to this browser brings a bot pass.
 */
export function sendVote(body: VoteRequest, botPass?: string) {
  return post<ChoiceResponse>('vote', body, botPass);
}
