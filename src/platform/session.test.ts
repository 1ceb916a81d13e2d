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
});
