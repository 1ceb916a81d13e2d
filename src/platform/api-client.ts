// The one way the browser calls the API: JSON in, JSON (or a stream of events) out, the session's
// bearer token attached, and a refusal turned into an ApiError carrying the server's message and
// reason. The first 401 to a request that carried the token ends the session (expired, revoked or
// invalid): see endSession.
import { eventStreamParser } from '../lib/event-stream.ts';
import { $token, endSession } from './session.ts';

/**
 * A failed API call, with the server's message when it sent one. An outcome the page tells apart
 * carries its `reason`, from the endpoint's union in its feature's schema.ts: code switches on that
 * (see refusalReason), never on the message, which is only shown.
 */
export class ApiError<TReason extends string = string> extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The outcome the server named, when it named one. */
  readonly reason: TReason | undefined;
  /** The answer's JSON body, for endpoints that say more than `error` when they refuse. */
  readonly body: unknown;
  constructor(status: number, message: string, code?: string, body?: unknown, reason?: TReason) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.reason = reason;
  }
}

/**
 * Returns the outcome a refusal names, typed as the union the endpoint declares in its feature's
 * schema.ts (`refusalReason<ChoiceRefusal>(error)`), or undefined for any other failure: no reason,
 * another error, the network. A `case` that is not in the union does not compile.
 */
export function refusalReason<TReason extends string>(error: unknown): TReason | undefined {
  return error instanceof ApiError ? (error.reason as TReason | undefined) : undefined;
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
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response, token } = await send(path, options, 'application/json');
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusal(response, token, data);
  return data as T;
}

/** One event of a streamed answer: its name and its JSON data. */
export interface StreamedEvent {
  event: string;
  data: unknown;
}

/**
 * Calls `/api/<path>` as apiRequest does, asking for a stream of server-sent events
 * (`Accept: text/event-stream`), and yields each event as it arrives, its data parsed as JSON. A
 * refusal (the server answers JSON before any stream) throws the same ApiError as apiRequest's.
 * Aborting `signal` ends the request and makes the iteration throw the abort; stopping the
 * iteration early ends the request too.
 */
export async function* apiEventStream(path: string, options: RequestOptions = {}): AsyncGenerator<StreamedEvent> {
  const { response, token } = await send(path, options, 'text/event-stream');
  if (!response.ok || !response.body) {
    throw refusal(response, token, await response.json().catch(() => undefined));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = eventStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const { event, data } of parse(value)) yield { event, data: JSON.parse(data) as unknown };
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Sends the request with the token (unless `withToken` is false), the bot pass and a JSON body. */
async function send(
  path: string,
  { method = 'GET', body, signal, botPass, withToken = true }: RequestOptions,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const headers: Record<string, string> = { Accept: accept };
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
  return { response, token };
}

/**
 * What a refusal without the API's JSON says: Netlify's edge refuses calls over a
 * function's rate limit itself, in plain text.
 */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/** The ApiError for a refusal; the first 401 to a request that carried the token ends the session. */
function refusal(response: Response, token: string | null, data: unknown): ApiError {
  // The server no longer accepts the token this request carried (unless another has replaced it since).
  if (response.status === 401 && token && $token.get() === token) endSession();
  const { error, code, reason } = (data ?? {}) as { error?: unknown; code?: unknown; reason?: unknown };
  const fallback = response.status === 429 ? TOO_MANY_REQUESTS : `The request failed (${response.status}).`;
  return new ApiError(
    response.status,
    typeof error === 'string' ? error : fallback,
    typeof code === 'string' ? code : response.status === 429 ? 'rate_limited' : undefined,
    data,
    typeof reason === 'string' ? reason : undefined,
  );
}
