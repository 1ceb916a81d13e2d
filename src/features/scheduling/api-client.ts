// The scheduling polls' calls (SPEC section 7: /api/scheduling/*).
import { apiRequest } from '../../platform/api-client.ts';
import type { ChoiceWithUser, DateChoiceWithUser, DateOption, ScheduleItem } from './polls.ts';
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
}

/** Adds or removes the vote for a schedule item. */
export const changeChoice = (change: 'add' | 'remove', scheduleItemId: string, body: VoteChange) =>
  apiRequest<ChoiceResponse>(`scheduling/${change}-choice`, { method: 'POST', body: { ...body, scheduleItemId } });

/** Adds or removes the vote for a date. */
export const changeDateChoice = (change: 'add' | 'remove', date: string, body: VoteChange) =>
  apiRequest<ChoiceResponse>(`scheduling/${change}-date-choice`, { method: 'POST', body: { ...body, date } });

/** Runs one of the console's actions. */
export const runAdminAction = (action: string) => apiRequest<AdminResponse>(`scheduling/${action}`, { method: 'POST' });
