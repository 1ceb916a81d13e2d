// The wedding's calls (SPEC section 7: /api/wedding/*): the console's list, actions and export
// mark, and the RSVP page's read and answer (sent without the session: a link is all they need).
import { apiRequest } from '../../platform/api-client.ts';
import type { RsvpAnswer } from './rsvp/logic.ts';
import type {
  AllGuestsResponse,
  AnswerResponse,
  ExportedResponse,
  GuestActionResponse,
  InvitationResponse,
} from './schema.ts';

/** Reads every invitation, with the console's RSVP details. */
export function fetchGuests(): Promise<AllGuestsResponse> {
  return apiRequest('wedding/get-all-guests');
}

/** Runs create-guests, add-new-guests or drop-guests. */
export function runGuestAction(
  action: 'create-guests' | 'add-new-guests' | 'drop-guests',
): Promise<GuestActionResponse> {
  return apiRequest(`wedding/${action}`, { method: 'POST' });
}

/** Records a whole-list export, as of the list's read time. */
export function markExported(asOf: number): Promise<ExportedResponse> {
  return apiRequest('wedding/exported', { method: 'POST', body: { asOf } });
}

/** Reads the household a link's token finds. */
export function readInvitation(token: string): Promise<InvitationResponse> {
  return apiRequest('wedding/rsvp/read', { method: 'POST', body: { token }, withToken: false });
}

/** Saves the household's answer; `email`, when not empty, gets a confirmation. */
export function sendAnswer(token: string, answer: RsvpAnswer, email: string): Promise<AnswerResponse> {
  return apiRequest('wedding/rsvp/answer', { method: 'POST', body: { token, ...answer, email }, withToken: false });
}
