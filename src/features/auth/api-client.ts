import { apiRequest } from '../../platform/api-client.ts';
import type { TokenResponse } from './schema.ts';

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
