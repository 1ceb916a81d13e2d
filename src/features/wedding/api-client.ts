// The wedding console's calls (SPEC section 7: /api/wedding/*).
import { apiRequest } from '../../platform/api-client.ts';
import type { Guest } from '../../content/wedding-guests.ts';

export const fetchGuests = async () => (await apiRequest<{ guests: Guest[] }>('wedding/get-all-guests')).guests;

/** Runs create-guests, add-new-guests or drop-guests. */
export const runGuestAction = (action: 'create-guests' | 'add-new-guests' | 'drop-guests') =>
  apiRequest(`wedding/${action}`, { method: 'POST' });
