// The wedding's calls (SPEC section 7: /api/wedding/*): the console's list, actions and export
// mark, and the RSVP page's read and answer (sent without the session: a link is all they need).
import { apiRequest } from '../../platform/api-client.ts';
import type { RsvpAnswer } from './rsvp.ts';
import type { AllGuestsResponse, AnswerResponse, ExportedResponse, InvitationResponse } from './schema.ts';

export const fetchGuests = () => apiRequest<AllGuestsResponse>('wedding/get-all-guests');

/** Runs create-guests, add-new-guests or drop-guests. */
export const runGuestAction = (action: 'create-guests' | 'add-new-guests' | 'drop-guests') =>
  apiRequest(`wedding/${action}`, { method: 'POST' });

/** Records a whole-list export, as of the list's read time. */
export const markExported = (asOf: number) =>
  apiRequest<ExportedResponse>('wedding/exported', { method: 'POST', body: { asOf } });

/** Reads the household a link's token finds. */
export const readInvitation = (token: string) =>
  apiRequest<InvitationResponse>('wedding/rsvp/read', { method: 'POST', body: { token }, withToken: false });

/** Saves the household's answer; `email`, when not empty, gets a confirmation. */
export const sendAnswer = (token: string, answer: RsvpAnswer, email: string) =>
  apiRequest<AnswerResponse>('wedding/rsvp/answer', {
    method: 'POST',
    body: { token, ...answer, email },
    withToken: false,
  });
