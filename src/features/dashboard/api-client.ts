import { apiRequest } from '../../platform/api-client.ts';
import type { OrdersResponse } from '../shop/schema.ts';
import type { AllScoresResponse } from '../word-game/schema.ts';
import type { AccountResponse, StatusResponse } from './schema.ts';

/** Reads the user's best scores. */
export function fetchScores(userName: string): Promise<AllScoresResponse> {
  return apiRequest('scoring/all-scores', { method: 'POST', body: { userName } });
}

/** Reads the logged-in user's stored details. */
export function fetchAccount(): Promise<AccountResponse> {
  return apiRequest('account');
}

/** Ends every session of the logged-in user, this one included. */
export function logOutEverywhere(): Promise<StatusResponse> {
  return apiRequest('account/logout-everywhere', { method: 'POST' });
}

/** Reads a page of the logged-in user's orders, newest first: the first, or the one after `before`. */
export function fetchOrders(before?: string): Promise<OrdersResponse> {
  return apiRequest(before ? `dhh/orders?before=${encodeURIComponent(before)}` : 'dhh/orders');
}
