import { apiRequest } from '../../platform/api-client.ts';
import type { ContactRequest, ContactResponse } from './schema.ts';

/** Sends a contact message to the owner. */
export function sendContactMessage(body: ContactRequest, botPass?: string): Promise<ContactResponse> {
  return apiRequest('mail/contact', { method: 'POST', body, botPass });
}
