// The wrapper every endpoint goes through: method check, bounded JSON body, schema validation, the
// declared access enforced, and one place where failures become JSON responses. Functions stay
// thin on top of it.
import type { Context } from '@netlify/functions';
import * as v from 'valibot';
import { features } from '../content/site.config.ts';
import type { Feature } from '../lib/features.ts';
import { hasClearance } from '../lib/policy.ts';
import type { CLEARANCE } from '../lib/user-details.ts';
import { AppError } from './app-error.ts';
import { GUEST, type Guest } from './caller.ts';
import type { CaptchaAction } from '../lib/captcha-actions.ts';
import { requireBotPass } from './captcha.ts';
import { clientAddress } from './client.ts';
import { describeError } from './log.ts';
import { STORE_UNAVAILABLE, isStoreUnreachable } from './redis.ts';
import { type SessionUser, sessionUser } from './session.ts';
import { verifyUserToken } from './token.ts';

/** Bodies above this are refused before parsing (docs/architecture.md, Budgets: 64 KB). */
export const MAX_BODY_BYTES = 64 * 1024;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type AnySchema = v.GenericSchema;

/**
 * Who may call an endpoint, declared by each one and enforced by `endpoint()` before `handle` runs:
 * - `'public'`: anyone; the token is not read (the caller is GUEST);
 * - `'optional-session'`: anyone; a sent token must be valid (401) and makes the caller its user;
 * - `'session'`: a valid token (401 without one);
 * - `{ clearance }`: a valid token of that clearance or more (src/lib/policy.ts; 403 below it).
 */
export type Access =
  'public' | 'optional-session' | 'session' | { readonly clearance: (typeof CLEARANCE)[keyof typeof CLEARANCE] };

/** The caller `handle` gets for an access: the token's user, or GUEST where no token is needed. */
export type CallerFor<TAccess extends Access> = TAccess extends 'public'
  ? Guest
  : TAccess extends 'optional-session'
    ? SessionUser | Guest
    : SessionUser;

export interface EndpointInput<TBody, TCaller = Guest> {
  req: Request;
  context: Context | undefined;
  body: TBody;
  requestId: string;
  /** Who calls, as the endpoint's access resolved it. */
  caller: TCaller;
  /** Runs work after the answer is sent (Netlify's waitUntil): its failure is logged, never answered. */
  later: Later;
}

/**
 * Runs work after the answer, so the answer's timing does not tell what the work did; where the
 * runtime has no waitUntil (a test calling the function), before the answer.
 */
export type Later = (work: () => Promise<unknown>) => Promise<void>;

export interface EndpointOptions<TAccess extends Access, TSchema extends AnySchema | undefined> {
  method: Method;
  /** Who may call it; required, so no endpoint is open by omission. */
  access: TAccess;
  /** The switchable part of the site it belongs to (src/lib/features.ts): off, it answers 404 on any path. */
  feature?: Feature;
  /** Validates the JSON body; omit for endpoints that take none. */
  body?: TSchema;
  /** Requires a bot pass for this action (src/server/captcha.ts): for endpoints that cost money or make accounts. */
  botCheck?: CaptchaAction;
  handle(
    input: EndpointInput<TSchema extends AnySchema ? v.InferOutput<TSchema> : undefined, CallerFor<TAccess>>,
  ): Promise<unknown> | unknown;
}

/** A function as Netlify calls it, carrying what it declared (so tests read every function's). */
export type Endpoint = ((req: Request, context?: Context) => Promise<Response>) &
  Readonly<Pick<EndpointOptions<Access, undefined>, 'method' | 'access' | 'feature'>>;

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  // API answers are per visitor and change with every write.
  'Cache-Control': 'no-store',
  // netlify.toml's header rules cover files, not function answers: these carry their own. A JSON
  // answer loads nothing and is never framed; HSTS and the referrer policy match the pages'.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // No API answer belongs in a search index (robots.txt also keeps crawlers off /api/); the wedding
  // console's guest list above all (QUALITY: wedding pages are noindex).
  'X-Robots-Tag': 'noindex',
};

/** Builds a JSON response with the API's standard headers. */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * The header that lets Netlify's CDN keep a public answer for everyone (browsers still get
 * `no-store`): fresh for `seconds`, then served for `staleSeconds` more while one call refreshes
 * it. The CDN keys it by the whole URL, query string included. The local server honours it
 * (scripts/edge-emulation.ts).
 */
export function sharedCache(seconds: number, staleSeconds: number): Record<string, string> {
  return { 'Netlify-CDN-Cache-Control': `public, s-maxage=${seconds}, stale-while-revalidate=${staleSeconds}` };
}

/** A file to save (an .ics, say) with the API's standard headers: `attachment` under `filename`. */
export function download(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: {
      ...JSON_HEADERS,
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

/**
 * Answers whether the client asked for a streamed answer: `Accept: text/event-stream` (what
 * EventSource and streaming fetch clients send). Any other Accept, or none, gets JSON.
 */
export function wantsEventStream(req: Request): boolean {
  return /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(req.headers.get('accept') ?? '');
}

/**
 * Builds a streamed text/event-stream response with the API's standard headers. Netlify Functions
 * v2 send a ReadableStream body as it is written; `endpoint()` passes a Response through as it is.
 */
export function eventStream(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      ...JSON_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Proxies must hand each event on as it comes, not gather the answer first.
      'X-Accel-Buffering': 'no',
    },
  });
}

/** The answer of an endpoint whose feature is switched off. */
export const SWITCHED_OFF = 'This part of the site is switched off.';

/**
 * Wraps an endpoint: enforces its declared access, hands `handle` the caller, and lets every
 * failure leave as a JSON `{error, code}` with the right status.
 */
export function endpoint<const TAccess extends Access, TSchema extends AnySchema | undefined = undefined>(
  options: EndpointOptions<TAccess, TSchema>,
): Endpoint {
  const handler = async (req: Request, context?: Context): Promise<Response> => {
    const requestId = req.headers.get('x-nf-request-id') ?? crypto.randomUUID();
    try {
      // A feature the owner switched off (src/content/site.config.ts) has no endpoints.
      if (options.feature && !features[options.feature]) throw new AppError('not_found', SWITCHED_OFF);
      if (req.method !== options.method) {
        throw new AppError('method_not_allowed', `Use ${options.method} for this endpoint.`, { Allow: options.method });
      }
      refuseOtherSites(req);
      refuseOtherContentTypes(req);
      const body = options.body ? parseWith(options.body, await readJson(req)) : undefined;
      if (options.botCheck) await requireBotPass(req, options.botCheck, clientAddress(req, context));
      const caller = (await callerFor(req, options.access)) as CallerFor<TAccess>;
      const later: Later = async (work) => {
        const run = work().catch((error: unknown) =>
          console.error(`[${requestId}] after the answer:`, describeError(error)),
        );
        if (context?.waitUntil) context.waitUntil(run);
        else await run;
      };
      const result = await options.handle({ req, context, body: body as never, requestId, caller, later });
      return result instanceof Response ? result : json(result);
    } catch (error) {
      return errorResponse(error, req, requestId);
    }
  };
  return Object.assign(handler, { method: options.method, access: options.access, feature: options.feature });
}

/**
 * Resolves the request's caller as the access declares, or throws: `unauthorized` without a valid
 * token where one is needed (or a bad one is sent), `forbidden` below the clearance. The user's
 * `session` is the check that the token's session has not ended (src/server/session.ts): the
 * request's first store call must fold it in (checkedRead, writeChecked, Script.runChecked).
 */
async function callerFor(req: Request, access: Access): Promise<SessionUser | Guest> {
  if (access === 'public') return GUEST;
  if (access === 'optional-session' && !req.headers.has('authorization')) return GUEST;
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new AppError('unauthorized', 'Please log in to continue.');
  const claims = await verifyUserToken(match[1]!);
  const user = sessionUser(claims);
  // The server is stricter than the client guard: a token without a clearance claim has none.
  if (typeof access === 'object' && !hasClearance(access.clearance)(user)) {
    throw new AppError('forbidden', 'You do not have the clearance for this.');
  }
  return user;
}

/** Methods whose requests may carry a body, which must then be JSON. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const NOT_JSON = 'The request body must be sent as JSON (Content-Type: application/json).';

/**
 * Refuses browser requests made by another website's page, so a foreign page cannot make its
 * visitors vote, post, mail or ask the chatbot. Browsers say where a request comes from in
 * Sec-Fetch-Site; older ones only in Origin. The site is served from one origin, so `same-site`
 * (a sibling subdomain) is foreign too. Requests with neither header (curl, servers, tests) pass.
 */
function refuseOtherSites(req: Request): void {
  const site = req.headers.get('sec-fetch-site');
  const origin = req.headers.get('origin');
  const foreign =
    site !== null ? site !== 'same-origin' && site !== 'none' : origin !== null && !isOwnOrigin(origin, req);
  if (foreign)
    throw new AppError('forbidden', 'Requests from other websites are not accepted. Please use this site itself.');
}

function isOwnOrigin(origin: string, req: Request): boolean {
  try {
    return new URL(origin).host === new URL(req.url).host;
  } catch {
    return false; // 'null' (a sandboxed frame, a file) or garbage
  }
}

/** Refuses a body declared as anything but JSON (a form post, text/plain) with 415. */
function refuseOtherContentTypes(req: Request): void {
  const type = req.headers.get('content-type');
  if (BODY_METHODS.has(req.method) && type !== null && !JSON_TYPE.test(type)) {
    throw new AppError('unsupported_media_type', NOT_JSON);
  }
}

function errorResponse(error: unknown, req: Request, requestId: string): Response {
  if (error instanceof AppError) {
    // `reason`, when the error names one, beside the code: what the browser switches on.
    const reason = error.reason === undefined ? {} : { reason: error.reason };
    return json({ ...error.details, error: error.message, code: error.code, ...reason }, error.status, {
      ...error.headers,
      'X-Request-Id': requestId,
    });
  }
  if (isStoreUnreachable(error)) {
    console.error(
      `[${requestId}] store unreachable on ${req.method} ${new URL(req.url).pathname}:`,
      describeError(error),
    );
    return json({ error: STORE_UNAVAILABLE, code: 'unavailable' }, 503, {
      'Retry-After': '5',
      'X-Request-Id': requestId,
    });
  }
  // A bug: log everything with the request id, show the visitor nothing of the internals.
  console.error(`[${requestId}] unexpected error on ${req.method} ${new URL(req.url).pathname}:`, describeError(error));
  return json(
    { error: `Something went wrong on our side. Please try again later (request ${requestId}).`, code: 'internal' },
    500,
    { 'X-Request-Id': requestId },
  );
}

/** Reads the body as JSON, refusing more than MAX_BODY_BYTES without buffering it all. */
export async function readJson(req: Request): Promise<unknown> {
  // Made only when thrown: an error's stack costs each request that makes one.
  const tooLarge = () =>
    new AppError('payload_too_large', `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`);
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw new AppError('bad_request', 'The request body must be JSON.');
  // A body without a type (a Blob sent from another page) is as foreign as one of another type.
  if (!req.headers.has('content-type')) throw new AppError('unsupported_media_type', NOT_JSON);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
}

/** Validates `value` against `schema`, turning the first issue into a 400 with its message. */
export function parseWith<TSchema extends AnySchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const [issue] = result.issues;
  if (!issue) throw new AppError('bad_request', 'Invalid request.');
  // Schemas carry visitor-facing messages; valibot's generic ones ("Invalid type: …") get the field.
  const path = v.getDotPath(issue);
  const generic = /^Invalid [a-z ]+: /.test(issue.message);
  throw new AppError('bad_request', path && generic ? `${path}: ${issue.message}` : issue.message);
}

/** The last segment of the request's path, decoded: the `:id` of routes like `/api/…/:id`. */
export function lastPathSegment(req: Request): string {
  try {
    return decodeURIComponent(new URL(req.url).pathname.split('/').at(-1) ?? '');
  } catch {
    throw new AppError('bad_request', 'The address is not valid.');
  }
}
