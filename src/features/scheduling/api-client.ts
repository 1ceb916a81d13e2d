// The scheduling polls' calls (SPEC section 7: /api/scheduling/*).
import { apiRequest } from '../../platform/api-client.ts';
import type { CreatedPoll, NewPoll } from './new-poll.ts';
import type { ChoiceWithUser, DateChoiceWithUser, DateOption, ScheduleItem, Voter } from './polls.ts';
import type { Answer } from './ranking.ts';
import type { AdminResponse, ChoiceResponse } from './schema.ts';

const get = <T>(path: string) => apiRequest<T>(`scheduling/${path}`);
const withUsername = (username: string) => `?username=${encodeURIComponent(username)}`;

export const fetchScheduleItems = (pollId: string) => get<ScheduleItem[]>(`schedule-items/${pollId}`);
export const fetchUserChoices = (pollId: string, username: string) =>
  get<string[]>(`user-choices/${pollId}${withUsername(username)}`);
export const fetchChoicesWithUsers = (pollId: string) => get<ChoiceWithUser[]>(`choices-with-users/${pollId}`);
export const fetchAvailableDates = (pollId: string) => get<DateOption[]>(`available-dates/${pollId}`);
export const fetchUserDateChoices = (pollId: string, username: string) =>
  get<string[]>(`user-date-choices/${pollId}${withUsername(username)}`);
export const fetchDateChoicesWithUsers = (pollId: string) =>
  get<DateChoiceWithUser[]>(`date-choices-with-users/${pollId}`);

export interface VoteChange {
  pollId: string;
  username: string;
  claimSecret?: string;
  /** Polls made in the console also take "if need be"; yes when absent. */
  answer?: Answer;
}

/** Adds or removes the vote for a schedule item. */
export const changeChoice = (change: 'add' | 'remove', scheduleItemId: string, body: VoteChange) =>
  apiRequest<ChoiceResponse>(`scheduling/${change}-choice`, { method: 'POST', body: { ...body, scheduleItemId } });

/** Adds or removes the vote for a date. */
export const changeDateChoice = (change: 'add' | 'remove', date: string, body: VoteChange) =>
  apiRequest<ChoiceResponse>(`scheduling/${change}-date-choice`, { method: 'POST', body: { ...body, date } });

/** Runs one of the console's actions. */
export const runAdminAction = (action: string) => apiRequest<AdminResponse>(`scheduling/${action}`, { method: 'POST' });

// ----- Polls made in the console (issue 20) -----

export const fetchCreatedPoll = (pollId: string) => get<CreatedPoll & { version: number }>(`poll/${pollId}`);
export const fetchPollAnswers = (pollId: string) =>
  get<{ option: string; answer: Answer; user: Voter }[]>(`poll-answers/${pollId}`);
/** A poll's version: an open page's cheap check for news. */
export const fetchPollVersion = async (pollId: string) =>
  (await get<{ version: number }>(`poll-version/${pollId}`)).version;
/** Where a finalised poll's decision downloads as an .ics file. */
export const pollCalendarUrl = (pollId: string) => `/api/scheduling/poll-calendar/${pollId}`;

export const createPoll = (poll: NewPoll) =>
  apiRequest<{ status: 'Success'; poll: CreatedPoll }>('scheduling/create-poll', { method: 'POST', body: poll });
export const fetchPolls = () => get<(CreatedPoll & { voters: number })[]>('polls');
export const finalisePoll = (pollId: string, optionId: string) =>
  apiRequest<{ status: 'Success' }>('scheduling/finalise-poll', { method: 'POST', body: { pollId, optionId } });
export const reopenPoll = (pollId: string) =>
  apiRequest<{ status: 'Success' }>('scheduling/reopen-poll', { method: 'POST', body: { pollId } });
export const deletePoll = (pollId: string) =>
  apiRequest<{ status: 'Success' }>('scheduling/delete-poll', { method: 'POST', body: { pollId } });
