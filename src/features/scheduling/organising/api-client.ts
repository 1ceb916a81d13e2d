// An organiser's calls: make a poll, list polls, see a poll's voters, decide, reopen, delete.
import { apiRequest } from '../../../platform/api-client.ts';
import type { CreatedPoll, NewPoll, PollsPage } from '../poll/schema.ts';
import type { OrganisedVoter } from './schema.ts';

const get = <T>(path: string) => apiRequest<T>(`scheduling/${path}`);

export function createPoll(poll: NewPoll) {
  return apiRequest<{ status: 'Success'; poll: CreatedPoll }>('scheduling/create-poll', { method: 'POST', body: poll });
}
/** A page of every poll (clearance 3): the newest, or those before the cursor `before`. */
export function fetchPolls(before?: string) {
  return get<PollsPage>(`polls${before ? `?before=${before}` : ''}`);
}
/** The polls the signed-in member made. */
export function fetchOwnPolls() {
  return get<PollsPage>('my-polls');
}
/** How the decision's mail to the voters went, by delivery. */
export type ToldCounts = Record<'sending' | 'delivered' | 'undelivered' | 'not-sent', number>;

export function finalisePoll(pollId: string, optionId: string) {
  return apiRequest<{ status: 'Success'; told: ToldCounts }>('scheduling/finalise-poll', {
    method: 'POST',
    body: { pollId, optionId },
  });
}
/** A poll's voters with their answers, addresses and how they were told (its organiser). */
export async function fetchPollVoters(pollId: string) {
  return (await get<{ voters: OrganisedVoter[] }>(`poll-voters/${pollId}`)).voters;
}
export function reopenPoll(pollId: string) {
  return apiRequest<{ status: 'Success' }>('scheduling/reopen-poll', { method: 'POST', body: { pollId } });
}
export function deletePoll(pollId: string) {
  return apiRequest<{ status: 'Success' }>('scheduling/delete-poll', { method: 'POST', body: { pollId } });
}
export function removeVoter(pollId: string, username: string) {
  return apiRequest<{ status: 'Success'; removedAnswers: number }>('scheduling/remove-voter', {
    method: 'POST',
    body: { pollId, username },
  });
}
/** Switches a poll's comments or its daily digest on or off (its organiser). */
export function changePollSettings(pollId: string, settings: { comments?: boolean; digest?: boolean }) {
  return apiRequest<{ status: 'Success' }>('scheduling/poll-settings', {
    method: 'POST',
    body: { pollId, ...settings },
  });
}
