import { apiRequest } from '../../platform/api-client.ts';
import type {
  DecideJoinResponse,
  JoinDecision,
  JoinRequestResponse,
  JoinRequestsResponse,
  NotificationsResponse,
} from '../forum/schema.ts';
import type { OrdersResponse } from '../shop/schema.ts';
import type { AllScoresResponse } from '../word-game/schema.ts';
import type { TokenResponse } from '../auth/schema.ts';
import type { AccountResponse, AskedResponse, StatusResponse } from './schema.ts';

/** Reads the user's best scores. */
export function fetchScores(userName: string): Promise<AllScoresResponse> {
  return apiRequest<AllScoresResponse>('scoring/all-scores', { method: 'POST', body: { userName } });
}

/** Reads the logged-in user's stored details. */
export function fetchAccount(): Promise<AccountResponse> {
  return apiRequest<AccountResponse>('account');
}

/** Mails the logged-in user's email the link that verifies it. */
export function askToConfirmEmail(): Promise<AskedResponse> {
  return apiRequest<AskedResponse>('account/confirm-email', { method: 'POST' });
}

/** Sets the logged-in user's first and last name; answers a token carrying them. */
export function saveDetails(body: { firstName: string; lastName: string }): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('account/details', { method: 'POST', body });
}

/** Changes the logged-in user's password, given the current one; answers the token of the new session. */
export function changePassword(body: { current: string; password: string }): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('account/password', { method: 'POST', body });
}

/** Mails a new email the link that makes it the logged-in user's. */
export function changeEmail(email: string): Promise<AskedResponse> {
  return apiRequest<AskedResponse>('account/email', { method: 'POST', body: { email } });
}

/** Deletes the logged-in user's account, given its password. */
export function deleteAccount(password: string): Promise<StatusResponse> {
  return apiRequest<StatusResponse>('account/delete', { method: 'POST', body: { password } });
}

/** Ends every session of the logged-in user, this one included. */
export function logOutEverywhere(): Promise<StatusResponse> {
  return apiRequest<StatusResponse>('account/logout-everywhere', { method: 'POST' });
}

/** Reads a page of the logged-in user's orders, newest first: the first, or the one after `before`. */
export function fetchOrders(before?: string): Promise<OrdersResponse> {
  return apiRequest<OrdersResponse>(before ? `dhh/orders?before=${encodeURIComponent(before)}` : 'dhh/orders');
}

/** Reads the logged-in user's request to join the forum, with a fresh token once the owner let them in. */
export function fetchJoinRequest(): Promise<JoinRequestResponse> {
  return apiRequest<JoinRequestResponse>('forum/join-request');
}

/** Dismisses the notice of the logged-in user's decided request to join the forum. */
export function dismissJoinRequest(): Promise<StatusResponse> {
  return apiRequest<StatusResponse>('forum/join-request/dismiss', { method: 'POST' });
}

/** Reads the requests to join the forum waiting for the owner (clearance 3), oldest first. */
export function fetchJoinRequests(): Promise<JoinRequestsResponse> {
  return apiRequest<JoinRequestsResponse>('forum/join-requests');
}

/** The owner's decision on a waiting request to join the forum (clearance 3). */
export function decideJoinRequest(id: string, decision: JoinDecision): Promise<DecideJoinResponse> {
  return apiRequest<DecideJoinResponse>('forum/join-requests/decide', { method: 'POST', body: { id, decision } });
}

/** Reads the member's forum notifications, newest first, with how many are new (clearance 2). */
export function fetchNotifications(): Promise<NotificationsResponse> {
  return apiRequest<NotificationsResponse>('forum/notifications');
}

/** The member has seen their forum notifications up to `upTo` (ms). */
export function markNotificationsSeen(upTo: number): Promise<StatusResponse> {
  return apiRequest<StatusResponse>('forum/notifications/seen', { method: 'POST', body: { upTo } });
}

/** Asks for a daily digest of the member's forum notifications by mail, or stops it. */
export function setNotificationDigest(on: boolean): Promise<StatusResponse> {
  return apiRequest<StatusResponse>('forum/notifications/digest', { method: 'POST', body: { on } });
}
