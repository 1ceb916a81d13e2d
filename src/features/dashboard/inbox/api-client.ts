import { apiRequest } from '../../../platform/api-client.ts';
import type { MarkMessageResponse, MessagesResponse } from '../../contact/schema.ts';
import type { AllOrdersResponse, OrderState } from '../../shop/schema.ts';
import type { RsvpsResponse } from '../../wedding/schema.ts';
import type { StatusResponse } from '../schema.ts';

const paged = (path: string, before?: string) => (before ? `${path}?before=${encodeURIComponent(before)}` : path);

/** Reads a page of contact messages, newest first, with how many are unread (clearance 3). */
export function fetchMessages(before?: string): Promise<MessagesResponse> {
  return apiRequest<MessagesResponse>(paged('contact/messages', before));
}

/** Marks a contact message read, or unread again (clearance 3). */
export function markMessage(id: string, read: boolean): Promise<MarkMessageResponse> {
  return apiRequest<MarkMessageResponse>('contact/messages/read', { method: 'POST', body: { id, read } });
}

/** Reads a page of everyone's orders, newest first, with how many are new to the owner (clearance 3). */
export function fetchAllOrders(before?: string): Promise<AllOrdersResponse> {
  return apiRequest<AllOrdersResponse>(paged('dhh/all-orders', before));
}

/** Moves an order to new, ready or collected (clearance 3). */
export function setOrderState(id: string, state: OrderState): Promise<StatusResponse> {
  return apiRequest<StatusResponse>('dhh/order-state', { method: 'POST', body: { id, state } });
}

/** Reads every RSVP page answer, the latest first, with how many are new to the owner (clearance 3). */
export function fetchRsvps(): Promise<RsvpsResponse> {
  return apiRequest<RsvpsResponse>('wedding/rsvps');
}

/** The owner has seen the orders or the RSVP answers up to `upTo` (ms). */
export function markSeen(what: 'orders' | 'rsvps', upTo: number): Promise<StatusResponse> {
  const path = what === 'orders' ? 'dhh/orders-seen' : 'wedding/rsvps-seen';
  return apiRequest<StatusResponse>(path, { method: 'POST', body: { upTo } });
}
