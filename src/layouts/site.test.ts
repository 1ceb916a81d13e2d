// The site script's wiring as a slow phone runs it: each step in a task of its own, the controls
// whose early taps are replayed wired in the same task as the replay, the page marked ready last,
// and loaded once its features have mounted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);
const step = (name: string) => () => void calls.push(name);
vi.mock('../components/modal-dialog.ts', () => ({ wireModalDialogs: step('dialogs') }));
vi.mock('../components/session-notice.ts', () => ({ mountSessionNotice: step('session notice') }));
vi.mock('../features/auth/components/nav-session.ts', () => ({ mountNavSession: step('nav session') }));
vi.mock('../platform/early-input.ts', () => ({ replayEarlyActions: step('replay') }));
vi.mock('../platform/prefetch.ts', () => ({ prefetchLinks: step('prefetch') }));
vi.mock('../features/search/components/shortcut.ts', () => ({ wireSearchShortcut: step('search shortcut') }));
vi.mock('../features/forum/components/notification-count.ts', () => ({
  mountNotificationCount: step('notification count'),
}));
vi.mock('./mount-points.ts', () => ({ mountFeatures: async () => step('features')() }));

describe('the site script', () => {
  const dataset: Record<string, string> = {};
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('document', { documentElement: { dataset } });
    // The browser's scheduler.yield: each call ends a task.
    vi.stubGlobal('scheduler', { yield: async () => void calls.push('yield') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('wires the page in tasks of their own, the replay with the controls it replays taps on', async () => {
    await import('./site.ts');
    await vi.waitFor(() => expect(dataset.loaded).toBe(''));
    expect(dataset.ready).toBe('');
    expect(calls).toEqual([
      'yield',
      'session notice',
      'yield',
      'dialogs',
      'yield',
      'nav session',
      'features',
      'replay',
      'yield',
      'prefetch',
      'yield',
      'search shortcut',
      'yield',
      'notification count',
    ]);
  });
});
