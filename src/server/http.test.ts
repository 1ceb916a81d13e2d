import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { CLEARANCE } from '../lib/user-details.ts';
import { AppError } from './app-error.ts';
import { GUEST } from './caller.ts';
import { type Access, MAX_BODY_BYTES, endpoint } from './http.ts';
import { signUserToken } from './token.ts';

const url = 'http://localhost/api/test';
const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

const echo = endpoint({
  method: 'POST',
  access: 'public',
  body: v.object({
    name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name cannot be blank.')),
    age: v.optional(v.number()),
  }),
  handle: ({ body }) => ({ status: 'Success', name: body.name }),
});

describe('endpoint wrapper', () => {
  it('passes a valid body, parsed by the schema, to the handler', async () => {
    const response = await echo(post(JSON.stringify({ name: '  Ada  ' })));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'Success', name: 'Ada' });
  });

  it('answers with the security headers a deployed function sends: HSTS among them', async () => {
    const response = await echo(post(JSON.stringify({ name: 'Ada' })));
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains; preload');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers another method with 405 and an Allow header', async () => {
    const response = await echo(new Request(url, { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'Use POST for this endpoint.', code: 'method_not_allowed' });
  });

  it('refuses bodies over 64 KB by declared length and by actual size', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await echo(post(big));
    expect(declared.status).toBe(413);
    // A chunked body without Content-Length is counted as it streams.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 70; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await echo(new Request(url, { method: 'POST', body: stream, duplex: 'half' } as RequestInit));
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error).toBe('The request body must be at most 64 KB.');
  });

  it('answers bad JSON and schema failures with 400 and a readable message', async () => {
    const notJson = await echo(post('{"name":'));
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toBe('The request body is not valid JSON.');
    const empty = await echo(post(''));
    expect((await empty.json()).error).toBe('The request body must be JSON.');
    const blank = await echo(post(JSON.stringify({ name: '   ' })));
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: 'Name cannot be blank.', code: 'bad_request' });
    const wrongType = await echo(post(JSON.stringify({ name: 'Ada', age: 'old' })));
    expect((await wrongType.json()).error).toMatch(/^age: Invalid type/);
  });

  it('maps every AppError code to its status', async () => {
    for (const [code, status] of [
      ['not_found', 404],
      ['conflict', 409],
      ['rate_limited', 429],
      ['forbidden', 403],
    ] as const) {
      const failing = endpoint({
        method: 'GET',
        access: 'public',
        handle: () => Promise.reject(new AppError(code, `It is ${code}.`)),
      });
      const response = await failing(new Request(url));
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: `It is ${code}.`, code });
    }
  });

  it("answers an AppError's reason beside its code and text, and no reason when it names none", async () => {
    const refusing = endpoint({
      method: 'GET',
      access: 'public',
      handle: () => Promise.reject(new AppError('conflict', 'That poll is closed.', { 'Retry-After': '1' }, 'closed')),
    });
    const response = await refusing(new Request(url));
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({ error: 'That poll is closed.', code: 'conflict', reason: 'closed' });
    const plain = endpoint({
      method: 'GET',
      access: 'public',
      handle: () => Promise.reject(new AppError('conflict', 'No.')),
    });
    expect(await (await plain(new Request(url))).json()).not.toHaveProperty('reason');
  });

  it('hides an unexpected error behind a 500 with a request id, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = endpoint({
      method: 'GET',
      access: 'public',
      handle: () => {
        throw new Error('secret internals at /srv/app.ts:12');
      },
    });
    const response = await broken(new Request(url, { headers: { 'x-nf-request-id': 'req-123' } }));
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error).toBe('Something went wrong on our side. Please try again later (request req-123).');
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('[req-123]'),
      expect.stringContaining('Error: secret internals at /srv/app.ts:12'),
    );
  });

  it('answers 503 when the store cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = endpoint({
      method: 'GET',
      access: 'public',
      handle: () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      },
    });
    const response = await unreachable(new Request(url));
    expect(response.status).toBe(503);
    expect((await response.json()).code).toBe('unavailable');
  });
});

describe('requests from other websites and other content types', () => {
  const named = JSON.stringify({ name: 'Ada' });
  const statusOf = async (request: Request) => (await echo(request)).status;

  it('lets same-origin and typed-in requests through, and those with neither header', async () => {
    expect(await statusOf(post(named, { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }))).toBe(200);
    expect(await statusOf(post(named, { 'Sec-Fetch-Site': 'none' }))).toBe(200);
    expect(await statusOf(post(named))).toBe(200);
    expect(await statusOf(post(named, { Origin: 'http://localhost' }))).toBe(200);
  });

  it('refuses a cross-site or same-site request with 403, by Sec-Fetch-Site or else by Origin', async () => {
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://shop.localhost' },
      // Sec-Fetch-Site decides when it is sent, even when Origin looks right.
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://localhost' },
      { Origin: 'https://evil.example' },
      { Origin: 'http://localhost:8080' },
      { Origin: 'null' },
    ];
    for (const headers of foreign) {
      const response = await echo(post(named, headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({
        error: 'Requests from other websites are not accepted. Please use this site itself.',
        code: 'forbidden',
      });
    }
    const read = endpoint({ method: 'GET', access: 'public', handle: () => ({ status: 'Success' }) });
    expect((await read(new Request(url, { headers: { 'Sec-Fetch-Site': 'cross-site' } }))).status).toBe(403);
  });

  it('answers a body of another type, or of none, with 415; JSON with a charset is fine', async () => {
    const error = 'The request body must be sent as JSON (Content-Type: application/json).';
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await echo(post(named, { 'Content-Type': type }));
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({ error, code: 'unsupported_media_type' });
    }
    const untyped = new Request(url, { method: 'POST', body: new Blob([named]) });
    expect(untyped.headers.has('content-type')).toBe(false);
    expect(await statusOf(untyped)).toBe(415);
    expect(await statusOf(post(named, { 'Content-Type': 'application/json; charset=utf-8' }))).toBe(200);
    expect(await statusOf(post(named, { 'Content-Type': 'Application/JSON' }))).toBe(200);
    // An endpoint without a body takes a bare POST, but not a form post.
    const action = endpoint({ method: 'POST', access: 'public', handle: () => ({ status: 'Success' }) });
    expect((await action(new Request(url, { method: 'POST' }))).status).toBe(200);
    expect((await action(new Request(url, { method: 'POST', body: new URLSearchParams({ a: '1' }) }))).status).toBe(
      415,
    );
  });
});

describe('declared access', () => {
  const user = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
  /** An endpoint of that access answering the caller it was handed. */
  const whoCalls = (access: Access) =>
    endpoint({ method: 'GET', access, handle: ({ caller }) => ({ caller: 'username' in caller ? caller : 'guest' }) });
  const asking = async (access: Access, authorization?: string) => {
    const response = await whoCalls(access)(
      new Request(url, { headers: authorization ? { Authorization: authorization } : {} }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const bearer = async (clearance?: number) =>
    `Bearer ${await signUserToken('u1', clearance === undefined ? user : { ...user, clearance }, 'session-1')}`;
  const loginFirst = { status: 401, body: { error: 'Please log in to continue.', code: 'unauthorized' } };

  it('is carried by the function, for the tests that go through every function', () => {
    expect(whoCalls('session').access).toBe('session');
    expect(whoCalls({ clearance: CLEARANCE.forum }).access).toEqual({ clearance: 2 });
  });

  it("'public' reads no token: the caller is GUEST even with a bad one", async () => {
    expect(GUEST).toEqual({ kind: 'guest' });
    expect(await asking('public')).toEqual({ status: 200, body: { caller: 'guest' } });
    expect(await asking('public', 'Bearer not-a-token')).toEqual({ status: 200, body: { caller: 'guest' } });
  });

  it("'optional-session' hands over the token's user, GUEST without a token, and refuses a bad token with 401", async () => {
    expect(await asking('optional-session')).toEqual({ status: 200, body: { caller: 'guest' } });
    expect(await asking('optional-session', await bearer(1))).toMatchObject({
      status: 200,
      body: { caller: { sub: 'u1', username: 'ada', clearance: 1, session: { sid: 'session-1' } } },
    });
    expect((await asking('optional-session', 'Bearer not-a-token')).status).toBe(401);
    expect(await asking('optional-session', 'Basic abc')).toEqual(loginFirst);
  });

  it("'session' hands over the token's user and refuses a missing or malformed Authorization header with 401", async () => {
    expect(await asking('session', await bearer(1))).toMatchObject({
      status: 200,
      body: { caller: { sub: 'u1', username: 'ada', clearance: 1 } },
    });
    expect(await asking('session')).toEqual(loginFirst);
    expect(await asking('session', 'Basic abc')).toEqual(loginFirst);
    expect((await asking('session', 'Bearer not-a-token')).status).toBe(401);
  });

  it('a clearance refuses a lower one with 403, and a token without clearance too', async () => {
    const forbidden = { status: 403, body: { error: 'You do not have the clearance for this.', code: 'forbidden' } };
    expect(await asking({ clearance: CLEARANCE.console }, await bearer(2))).toEqual(forbidden);
    expect(await asking({ clearance: CLEARANCE.forum }, await bearer(2))).toMatchObject({
      status: 200,
      body: { caller: { username: 'ada' } },
    });
    expect(await asking({ clearance: CLEARANCE.forum }, await bearer())).toEqual(forbidden);
    expect(await asking({ clearance: CLEARANCE.forum })).toEqual(loginFirst);
  });
});
