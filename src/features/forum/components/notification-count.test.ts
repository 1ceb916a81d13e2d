// The user menu's count of new forum notifications against fake nav parts: it is read once for a
// member who can read the forum, never for one who cannot, and a read that answers after the
// dashboard's list marked them seen does not bring the count back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ apiRequest: vi.fn(), ApiError: class ApiError extends Error {} }));
vi.mock('../../../platform/api-client.ts', () => api);

const part = () => ({ hidden: true, textContent: '' });

describe('the user menu’s notification count', () => {
  let parts: Record<string, ReturnType<typeof part>>;
  let menuButton: {
    described: string;
    copies: ReturnType<typeof part>[];
    appendChild(copy: ReturnType<typeof part>): ReturnType<typeof part>;
    setAttribute(name: string, value: string): void;
  };
  let count: typeof import('./notification-count.ts');
  let shared: typeof import('../../../platform/notifications.ts');
  let session: typeof import('../../../platform/session.ts');

  beforeEach(async () => {
    vi.resetModules();
    api.apiRequest.mockReset();
    parts = {
      '[data-notice-count]': part(),
      '[data-notice-said]': part(),
      '[data-notices-link]': part(),
      '[data-notice-menu-count]': part(),
    };
    // The phone's Menu button gets a copy of the user menu's count.
    const badge = parts['[data-notice-count]']!;
    Object.assign(badge, { cloneNode: () => ({ ...part(), hidden: badge.hidden }) });
    menuButton = {
      described: '',
      copies: [],
      appendChild(copy: ReturnType<typeof part>) {
        this.copies.push(copy);
        return copy;
      },
      setAttribute(name: string, value: string) {
        if (name === 'aria-describedby') this.described = value;
      },
    };
    Object.assign(parts['[data-notice-said]']!, { id: 'notice-count-said' });
    vi.stubGlobal('document', {
      querySelector: (selector: string) => (selector === '[data-nav-toggle]' ? menuButton : (parts[selector] ?? null)),
    });
    count = await import('./notification-count.ts');
    shared = await import('../../../platform/notifications.ts');
    session = await import('../../../platform/session.ts');
  });
  afterEach(() => vi.unstubAllGlobals());

  const signIn = (clearance: number) =>
    session.$token.set(`x.${btoa(JSON.stringify({ username: 'ada', clearance }))}.x`);

  it('shows the count read for a member, in a number and in words', async () => {
    api.apiRequest.mockResolvedValue({ status: 'Success', unseen: 3 });
    signIn(2);
    count.mountNotificationCount();
    await vi.waitFor(() => expect(parts['[data-notice-count]']!.textContent).toBe('·\u00a03'));
    expect(api.apiRequest).toHaveBeenCalledTimes(1);
    expect(parts['[data-notice-count]']!.hidden).toBe(false);
    expect(menuButton.copies).toEqual([{ hidden: false, textContent: '·\u00a03' }]);
    expect(menuButton.described).toBe('notice-count-said');
    expect(parts['[data-notice-said]']!.textContent).toBe('3 new notifications');
    expect(parts['[data-notice-menu-count]']!.textContent).toBe('\u00a0· 3 new');
    expect(parts['[data-notices-link]']!.hidden).toBe(false);
  });

  it('reads nothing for a visitor who cannot read the forum', () => {
    signIn(1);
    count.mountNotificationCount();
    expect(api.apiRequest).not.toHaveBeenCalled();
    expect(parts['[data-notices-link]']!.hidden).toBe(true);
  });

  it('keeps the dashboard’s count when its read answers later', async () => {
    let answer: (value: unknown) => void = () => {};
    api.apiRequest.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    signIn(2);
    count.mountNotificationCount();
    shared.$unseenNotifications.set(0); // the dashboard's list, seen
    answer({ status: 'Success', unseen: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shared.$unseenNotifications.get()).toBe(0);
    expect(parts['[data-notice-count]']!.hidden).toBe(true);
  });
});
