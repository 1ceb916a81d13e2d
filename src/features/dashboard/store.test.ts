import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../tests/setup/browser-session.ts';
import type { AccountResponse } from './schema.ts';
import type {
  DecideJoinResponse,
  JoinRequestResponse,
  JoinRequestsResponse,
  PendingJoinRequest,
} from '../forum/schema.ts';
import type { AllScoresResponse } from '../word-game/schema.ts';

const api = vi.hoisted(() => ({
  fetchScores: vi.fn<(userName: string) => Promise<AllScoresResponse>>(),
  fetchAccount: vi.fn<() => Promise<AccountResponse>>(),
  logOutEverywhere: vi.fn<() => Promise<{ status: 'Success' }>>(),
  fetchJoinRequest: vi.fn<() => Promise<JoinRequestResponse>>(),
  dismissJoinRequest: vi.fn<() => Promise<{ status: 'Success' }>>(),
  fetchJoinRequests: vi.fn<() => Promise<JoinRequestsResponse>>(),
  decideJoinRequest: vi.fn<(id: string, decision: 'approve' | 'decline') => Promise<DecideJoinResponse>>(),
}));
vi.mock('./api-client.ts', () => api);

const claims = { username: 'ada', firstName: 'Ada', lastName: '', email: '', clearance: 2 };
const scores = (bestScore?: number) =>
  ({
    status: 'Success',
    scores: bestScore === undefined ? [] : [{ game: 'wordGame', bestScore }],
  }) as unknown as AllScoresResponse;

// A fresh store per test, mounted the way the island mounts it, for a session as `ada`.
async function openDashboard() {
  vi.resetModules();
  const auth = await import('../../platform/session.ts');
  auth.setToken(tokenFor(claims));
  const store = await import('./store.ts');
  for (const $store of [store.$card, store.$account, store.$bestScore]) $store.listen(() => undefined);
  return { ...store, ...auth };
}

describe('dashboard store', () => {
  let dashboard: Awaited<ReturnType<typeof openDashboard>> | undefined;
  const replace = vi.fn();
  const assign = vi.fn();
  const tabStorage = new Map<string, string>();
  beforeEach(() => {
    for (const call of [...Object.values(api), replace, assign]) call.mockReset();
    tabStorage.clear();
    const location = { pathname: '/dashboard', replace, assign };
    replace.mockImplementation((url: string) => void (location.pathname = url));
    vi.stubGlobal('window', { location, addEventListener: () => undefined });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => tabStorage.get(key) ?? null,
      setItem: (key: string, value: string) => tabStorage.set(key, value),
      removeItem: (key: string) => tabStorage.delete(key),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fetchJoinRequest.mockResolvedValue({ status: 'Success', request: null });
  });
  afterEach(() => {
    if (dashboard) cleanStores(dashboard.$card, dashboard.$account, dashboard.$bestScore, dashboard.$joinRequests);
    dashboard = undefined;
    vi.unstubAllGlobals();
  });

  it("shows the session's details until the server's arrive, and the user's best score", async () => {
    const account = Promise.withResolvers<AccountResponse>();
    api.fetchAccount.mockReturnValueOnce(account.promise);
    const best = Promise.withResolvers<AllScoresResponse>();
    api.fetchScores.mockReturnValueOnce(best.promise);
    dashboard = await openDashboard();
    expect(dashboard.$account.get()).toMatchObject({ username: 'ada', lastName: '' });
    expect(dashboard.$bestScore.get()).toBe('loading');
    account.resolve({
      status: 'Success',
      user: { ...claims, lastName: 'Lovelace', email: 'ada@example.com' },
    } as AccountResponse);
    best.resolve(scores(3));
    await allTasks();
    expect(api.fetchScores).toHaveBeenCalledWith('ada');
    expect(dashboard.$account.get()).toMatchObject({ lastName: 'Lovelace', email: 'ada@example.com' });
    expect(dashboard.$bestScore.get()).toBe(3);
  });

  it('counts no word-game score as never won', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValueOnce(scores());
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$bestScore.get()).toBe(7);
  });

  it('says the scores failed when they cannot be loaded', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockRejectedValueOnce(new Error('down'));
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$bestScore.get()).toBe('failed');
    expect(console.error).toHaveBeenCalledWith('Failed to fetch score data.', expect.any(Error));
  });

  it('keeps the session details when the account fails to load', async () => {
    api.fetchAccount.mockRejectedValueOnce(new Error('down'));
    api.fetchScores.mockResolvedValue(scores(4));
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$account.get()).toMatchObject({ username: 'ada', firstName: 'Ada' });
    expect(console.error).toHaveBeenCalledWith('Failed to fetch account details.', expect.any(Error));
    expect(replace).not.toHaveBeenCalled();
  });

  it('ends a session the server no longer accepts and goes to /unauthorized', async () => {
    api.fetchAccount.mockImplementation(async () => {
      // The store's own ApiError: each test imports the modules afresh.
      const { ApiError } = await import('../../platform/api-client.ts');
      throw new ApiError(401, 'Expired.');
    });
    api.fetchScores.mockResolvedValue(scores(4));
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$token.get()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/unauthorized');
    // The page it leaves for tells the visitor why.
    expect(dashboard.takeEndedOnArrival()).toBe(true);
    expect(dashboard.takeEndedOnArrival()).toBe(false);
  });

  it('logs out everywhere: every session ends on the server, then this one, and home is next', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValue(scores(4));
    const ended = Promise.withResolvers<{ status: 'Success' }>();
    api.logOutEverywhere.mockReturnValueOnce(ended.promise);
    dashboard = await openDashboard();
    const done = dashboard.logOutEverywhere();
    expect(dashboard.$logoutEverywhere.get()).toEqual({ status: 'pending' });
    expect(dashboard.$token.get()).not.toBeNull();
    ended.resolve({ status: 'Success' });
    await done;
    expect(api.logOutEverywhere).toHaveBeenCalledTimes(1);
    expect(dashboard.$token.get()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
    // Logged out, the dashboard loads nothing more (a refused load would send it to /unauthorized).
    await allTasks();
    expect(api.fetchAccount).toHaveBeenCalledTimes(1);
    expect(replace).not.toHaveBeenCalled();
  });

  it('says so when logging out everywhere fails, keeping the session', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValue(scores(4));
    api.logOutEverywhere.mockRejectedValueOnce(new Error('offline'));
    dashboard = await openDashboard();
    await dashboard.logOutEverywhere();
    expect(dashboard.$logoutEverywhere.get()).toEqual({
      status: 'failed',
      error: 'Could not log out everywhere. Please check your connection and try again.',
    });
    expect(dashboard.$token.get()).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the card chosen in the side menu', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValue(scores(4));
    dashboard = await openDashboard();
    expect(dashboard.$card.get()).toBe('user');
    dashboard.showCard('admin');
    expect(dashboard.$card.get()).toBe('admin');
  });

  it('keeps the fresh token the account read brings after a promotion: the session goes on with the forum', async () => {
    const promoted = tokenFor({ ...claims, clearance: 2 });
    api.fetchAccount.mockResolvedValue({
      status: 'Success',
      user: { ...claims, clearance: 2, emailVerified: false },
      token: promoted,
    });
    api.fetchScores.mockResolvedValue(scores(4));
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$token.get()).toBe(promoted);
    // Same user: the dashboard does not load again.
    expect(api.fetchAccount).toHaveBeenCalledTimes(1);
  });

  it('tells the outcome of a request to join the forum until it is dismissed; a waiting one is not dismissable', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValue(scores(4));
    const approved = {
      id: 'q1',
      status: 'approved' as const,
      askedAt: '2026-11-20T10:00:00.000Z',
      decidedAt: '2026-11-21T10:00:00.000Z',
    };
    api.fetchJoinRequest.mockResolvedValueOnce({ status: 'Success', request: approved });
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$joinNotice.get()).toEqual(approved);
    api.dismissJoinRequest.mockResolvedValueOnce({ status: 'Success' });
    await dashboard.dismissJoinNotice();
    expect(api.dismissJoinRequest).toHaveBeenCalledTimes(1);
    expect(dashboard.$joinNotice.get()).toBeNull();

    dashboard.$joinNotice.set({ ...approved, status: 'pending' });
    await dashboard.dismissJoinNotice();
    expect(api.dismissJoinRequest).toHaveBeenCalledTimes(1);
  });

  it('shows no dismissed notice', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValue(scores(4));
    api.fetchJoinRequest.mockResolvedValueOnce({
      status: 'Success',
      request: { id: 'q1', status: 'declined', askedAt: '2026-11-20T10:00:00.000Z', dismissed: true },
    });
    dashboard = await openDashboard();
    await allTasks();
    expect(dashboard.$joinNotice.get()).toBeNull();
  });

  it('lists the requests waiting for the owner, decides one after confirming, and says what became of it', async () => {
    api.fetchAccount.mockResolvedValue({ status: 'Success', user: claims } as AccountResponse);
    api.fetchScores.mockResolvedValue(scores(4));
    const jo: PendingJoinRequest = { id: 'q1', username: 'jo', note: 'Hi', askedAt: '2026-11-20T10:00:00.000Z' };
    const sam: PendingJoinRequest = { id: 'q2', username: 'sam', note: '', askedAt: '2026-11-21T10:00:00.000Z' };
    api.fetchJoinRequests.mockResolvedValueOnce({ status: 'Success', requests: [jo, sam] });
    dashboard = await openDashboard();
    dashboard.$joinRequests.listen(() => undefined);
    await allTasks();
    expect(dashboard.$joinRequests.get()).toEqual({ status: 'ready', requests: [jo, sam], said: '' });

    dashboard.askToDecide(jo, 'approve');
    expect(dashboard.$confirmingDecision.get()).toEqual({ request: jo, decision: 'approve' });
    api.decideJoinRequest.mockResolvedValueOnce({ status: 'Success', decision: 'approve', username: 'jo' });
    await dashboard.decide(jo, 'approve');
    expect(api.decideJoinRequest).toHaveBeenCalledWith('q1', 'approve');
    expect(dashboard.$confirmingDecision.get()).toBeNull();
    expect(dashboard.$joinRequests.get()).toEqual({
      status: 'ready',
      requests: [sam],
      said: 'jo is in: they now have the forum.',
    });

    // Decided elsewhere meanwhile: said, and the list read again.
    const { ApiError } = await import('../../platform/api-client.ts');
    api.decideJoinRequest.mockRejectedValueOnce(new ApiError(404, 'That request is no longer waiting.'));
    api.fetchJoinRequests.mockResolvedValueOnce({ status: 'Success', requests: [] });
    await dashboard.decide(sam, 'decline');
    expect(dashboard.$joinRequests.get()).toEqual({
      status: 'ready',
      requests: [],
      said: "Could not decide sam's request. That request is no longer waiting.",
    });
  });
});
