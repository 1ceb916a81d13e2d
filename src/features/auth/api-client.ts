import { apiRequest } from '../../platform/api-client.ts';
import type { ConfirmedResponse, TokenResponse, UnsubscribedResponse } from './schema.ts';

/** Exchanges credentials for a session token. */
export function logIn(body: { username: string; password: string }, botPass?: string): Promise<TokenResponse> {
  return apiRequest('login', { method: 'POST', body, botPass, withToken: false });
}

/** Creates an account and returns its session token. */
export function register(
  body: { username: string; password: string; firstName: string; lastName: string; email: string },
  botPass?: string,
): Promise<TokenResponse> {
  return apiRequest('register', { method: 'POST', body, botPass, withToken: false });
}

/** Confirms an address from a link the site mailed (an unsubscribe link subscribes it again). */
export function confirmAddress(token: string): Promise<ConfirmedResponse> {
  return apiRequest('email/confirm', { method: 'POST', body: { token }, withToken: false });
}

/** Stops all mail to an address, from the link at the foot of a mail the site sent. */
export function unsubscribe(token: string): Promise<UnsubscribedResponse> {
  return apiRequest('email/unsubscribe', { method: 'POST', body: { token }, withToken: false });
}

/** Asks for a link to reset a forgotten password; the answer is the same whether or not the name exists. */
export function askPasswordReset(username: string, botPass?: string): Promise<{ status: 'Success' }> {
  return apiRequest('password-reset', { method: 'POST', body: { username }, botPass, withToken: false });
}

/** Sets a new password from the mailed link; answers the token that logs this browser in. */
export function resetPassword(token: string, password: string): Promise<TokenResponse> {
  return apiRequest('password-reset/confirm', { method: 'POST', body: { token, password }, withToken: false });
}
