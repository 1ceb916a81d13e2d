// An organiser's calls: make or change a poll, list polls, see a poll's voters, decide, reopen, delete.
import { apiRequest } from '../../../platform/api-client.ts';
import type { CreatedPoll, NewPoll, PollsPage } from '../poll/schema.ts';
import type { OrganisedVoter } from './schema.ts';

const get = <T>(path: string) => apiRequest<T>(`scheduling/${path}`);
const post = <T = { status: 'Success' }>(path: string, body: object) =>
  apiRequest<T>(`scheduling/${path}`, { method: 'POST', body });

/** How the decision's mail to the voters went, by delivery. */
export type ToldCounts = Record<'sending' | 'delivered' | 'undelivered' | 'not-sent', number>;

export function createPoll(poll: NewPoll) {
  return post<{ status: 'Success'; poll: CreatedPoll }>('create-poll', poll);
}
/**
 * Saves a made poll as the form has it; refused with 'answers-go' (and `answers`) when more
 * answers would go than `dropAnswers`.
 */
export function editPoll(pollId: string, poll: NewPoll, dropAnswers: number) {
  return post<{ status: 'Success'; poll: CreatedPoll; removedAnswers: number }>('edit-poll', {
    ...poll,
    pollId,
    dropAnswers,
  });
}
/** A page of every poll (clearance 3): the newest, or those before the cursor `before`. */
export function fetchPolls(before?: string) {
  return get<PollsPage>(`polls${before ? `?before=${before}` : ''}`);
}
/** The polls the signed-in member made. */
export function fetchOwnPolls() {
  return get<PollsPage>('my-polls');
}
export function finalisePoll(pollId: string, optionId: string) {
  return post<{ status: 'Success'; told: ToldCounts }>('finalise-poll', { pollId, optionId });
}
/** A poll's voters with their answers, addresses and how they were told (its organiser). */
export async function fetchPollVoters(pollId: string) {
  return (await get<{ voters: OrganisedVoter[] }>(`poll-voters/${pollId}`)).voters;
}
export function reopenPoll(pollId: string) {
  return post('reopen-poll', { pollId });
}
export function deletePoll(pollId: string) {
  return post('delete-poll', { pollId });
}
export function removeVoter(pollId: string, username: string) {
  return post<RemovedVoters>('remove-voter', { pollId, username });
}
/** Takes every voter who joined at or after `joinedSince` (ms) out of a poll (its organiser). */
export function removeVotersSince(pollId: string, joinedSince: number) {
  return post<RemovedVoters>('remove-voter', { pollId, joinedSince });
}
type RemovedVoters = { status: 'Success'; removedVoters: number; removedAnswers: number };
/**
 * The settings an organiser changes: comments, the daily digest, hidden names, the deadline (ms; null takes it away).
 */
export interface PollSettings {
  comments?: boolean;
  digest?: boolean;
  hideVoters?: boolean;
  deadline?: number | null;
}

/** Changes a poll's settings (its organiser); those left out stay as they are. */
export function changePollSettings(pollId: string, settings: PollSettings) {
  return post('poll-settings', { pollId, ...settings });
}
