// The one way the browser calls the API: JSON in and out, the session's bearer token attached,
// and a refusal turned into an ApiError carrying the server's message. The first 401 to a request
// that carried the token ends the session (expired, revoked or invalid): see endSession.
import { $token, endSession } from './session.ts';

/** A failed API call, with the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The answer's JSON body, for endpoints that say more than `error` when they refuse. */
  readonly body: unknown;
  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The bot pass from passBotCheck (src/platform/captcha.ts), for endpoints that require one. */
  botPass?: string | undefined;
  /** false for the calls that start a session (login, register): they send no token. */
  withToken?: boolean;
}

/** Calls `/api/<path>` with JSON, attaching the bearer token when there is one. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, botPass, withToken = true }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = withToken ? $token.get() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (botPass) headers['X-Bot-Pass'] = botPass;
  const response = await fetch(`/api/${path.replace(/^\/+/, '')}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // The server no longer accepts the token this request carried (unless another has replaced it since).
    if (response.status === 401 && token && $token.get() === token) endSession();
    const { error, code } = (data ?? {}) as { error?: unknown; code?: unknown };
    throw new ApiError(
      response.status,
      typeof error === 'string' ? error : `The request failed (${response.status}).`,
      typeof code === 'string' ? code : undefined,
      data,
    );
  }
  return data as T;
}
