import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canAdminister, canUseForum } from '../lib/policy.ts';
import { MemoryStorage, tokenFor as token } from '../../tests/setup/browser-session.ts';

describe('session store, api client and guard', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    vi.resetModules();
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts from the token kept under the key "token"', async () => {
    storage.setItem('token', token({ username: 'ada', clearance: 2 }));
    const { $user } = await import('./session.ts');
    expect($user.get()).toMatchObject({ username: 'ada', clearance: 2 });
  });

  it('stores a new token and forgets it on logout', async () => {
    const { $user, clearSession, setToken } = await import('./session.ts');
    expect($user.get().username).toBe('');
    setToken(token({ username: 'bob', firstName: 'Bob' }));
    expect(storage.getItem('token')).toContain('.');
    expect($user.get()).toMatchObject({ username: 'bob', firstName: 'Bob' });
    clearSession();
    expect(storage.getItem('token')).toBeNull();
    expect($user.get().username).toBe('');
  });

  it('ends the session on the first 401 to a request that carried the token, and says so', async () => {
    const { $sessionEnded, $token, $user, setToken } = await import('./session.ts');
    const { apiRequest } = await import('./api-client.ts');
    const refused = { error: 'Your session has ended. Please log in again.', code: 'unauthorized' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(refused, { status: 401 })),
    );
    setToken(token({ username: 'ada', clearance: 2 }));
    expect($sessionEnded.get()).toBe(false);
    await expect(apiRequest('messages/get-messages')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect($token.get()).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect($user.get().username).toBe('');
    expect($sessionEnded.get()).toBe(true);
    // Logging in again clears the notice.
    setToken(token({ username: 'ada' }));
    expect($sessionEnded.get()).toBe(false);
  });

  it("leaves the session alone on login's own 401 (it sends no token) and on other refusals", async () => {
    const { $sessionEnded, $token, setToken } = await import('./session.ts');
    const { apiRequest } = await import('./api-client.ts');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ error: 'Incorrect user credentials.', code: 'unauthorized' }, { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const current = token({ username: 'ada' });
    setToken(current);
    await expect(apiRequest('login', { method: 'POST', body: {}, withToken: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('Authorization')).toBe(false);
    expect($token.get()).toBe(current);
    expect($sessionEnded.get()).toBe(false);

    fetchMock.mockImplementation(async () => Response.json({ error: 'No.', code: 'forbidden' }, { status: 403 }));
    await expect(apiRequest('wedding/get-all-guests')).rejects.toMatchObject({ status: 403 });
    expect($token.get()).toBe(current);
  });

  it('keeps a session started while a refused request was on its way', async () => {
    const { $sessionEnded, $token, setToken } = await import('./session.ts');
    const { apiRequest } = await import('./api-client.ts');
    const answer = Promise.withResolvers<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer.promise),
    );
    setToken(token({ username: 'old' }));
    const pending = apiRequest('account');
    const fresh = token({ username: 'new' });
    setToken(fresh);
    answer.resolve(Response.json({ error: 'Expired.', code: 'unauthorized' }, { status: 401 }));
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect($token.get()).toBe(fresh);
    expect($sessionEnded.get()).toBe(false);
  });

  it('sends the bearer header only when a token exists, and surfaces the server message', async () => {
    const { setToken, clearSession } = await import('./session.ts');
    const { apiRequest, ApiError } = await import('./api-client.ts');
    const fetchMock = vi.fn(async () => Response.json({ error: 'Nope.', code: 'forbidden' }, { status: 403 }));
    vi.stubGlobal('fetch', fetchMock);

    setToken('a.b.c');
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).rejects.toEqual(
      new ApiError(403, 'Nope.', 'forbidden', { error: 'Nope.', code: 'forbidden' }),
    );
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![0]).toBe('/api/things');
    expect(calls[0]![1].headers).toMatchObject({ Authorization: 'Bearer a.b.c', 'Content-Type': 'application/json' });
    expect(calls[0]![1].body).toBe('{"a":1}');

    clearSession();
    fetchMock.mockResolvedValueOnce(Response.json({ status: 'Success' }));
    expect(await apiRequest('things')).toEqual({ status: 'Success' });
    expect(calls[1]![1].headers).not.toHaveProperty('Authorization');
  });

  it('hands on the reason a refusal names, for code to switch on; none when it names none', async () => {
    const { apiRequest, refusalReason } = await import('./api-client.ts');
    const closed = { error: 'Any wording at all.', code: 'conflict', reason: 'poll-closed' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(closed, { status: 409 })),
    );
    const failure = await apiRequest('poll').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 409, code: 'conflict', reason: 'poll-closed', message: closed.error });
    expect(refusalReason<'poll-closed' | 'poll-full'>(failure)).toBe('poll-closed');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'No.', code: 'conflict', reason: 7 }, { status: 409 })),
    );
    expect(await apiRequest('poll').catch(refusalReason)).toBeUndefined();
    expect(refusalReason(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('tells the page an ended session left for, once; no other page reads the tab storage for it', async () => {
    const location = { pathname: '/dashboard', replace: (url: string) => void (location.pathname = url) };
    vi.stubGlobal('window', { location, addEventListener: () => undefined });
    const tab = new MemoryStorage();
    const read = vi.spyOn(tab, 'getItem');
    vi.stubGlobal('sessionStorage', tab);
    const { leaveEndedSession, takeEndedOnArrival } = await import('./session.ts');
    leaveEndedSession();
    expect(location.pathname).toBe('/unauthorized');
    for (const pathname of ['/', '/about', '/forum']) {
      location.pathname = pathname;
      expect(takeEndedOnArrival()).toBe(false);
    }
    // A page's first read of the tab's storage waits on the browser: pages that cannot be told do not read it.
    expect(read).not.toHaveBeenCalled();
    location.pathname = '/unauthorized';
    expect(takeEndedOnArrival()).toBe(true);
    expect(takeEndedOnArrival()).toBe(false);
  });

  it('redirects to /unauthorized when the guard refuses, and not otherwise', async () => {
    const replace = vi.fn();
    vi.stubGlobal('window', { location: { replace }, addEventListener: () => undefined });
    const { guardRoute } = await import('./session.ts');
    const { setToken } = await import('./session.ts');
    expect(guardRoute()).toBe(false);
    expect(replace).toHaveBeenCalledWith('/unauthorized');
    replace.mockClear();
    setToken(token({ username: 'ada', clearance: 2 }));
    expect(guardRoute(canUseForum)).toBe(true);
    expect(guardRoute(canAdminister)).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('words the edge’s plain-text refusal of a call over a function’s rate limit', async () => {
    const { TOO_MANY_REQUESTS, apiRequest } = await import('./api-client.ts');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Too Many Requests', { status: 429, headers: { 'Content-Type': 'text/plain' } })),
    );
    await expect(apiRequest('scheduling/poll/defense')).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: TOO_MANY_REQUESTS,
    });
  });
});
