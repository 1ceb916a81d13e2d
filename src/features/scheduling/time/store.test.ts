import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the time zone a poll page reads its slots in', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The module afresh over a browser storage of its own. */
  async function freshModule(stored: Record<string, string> = {}) {
    const items = new Map(Object.entries(stored));
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    vi.resetModules();
    return { zones: await import('./store.ts'), items };
  }

  it('is the visitor’s own until they pick one, which the browser keeps for every poll', async () => {
    const { zones, items } = await freshModule();
    expect(zones.$viewZone.get()).toBe('');
    expect(zones.viewerOf('').name(0)).toBe('your time');
    zones.chooseViewZone('Asia/Tokyo');
    expect(zones.$viewZone.get()).toBe('Asia/Tokyo');
    expect(items.get('scheduling-zone')).toBe('Asia/Tokyo');
    expect(zones.viewerOf('Asia/Tokyo').offsetAt(Date.UTC(2026, 0, 1))).toBe(540);
    zones.chooseViewZone('');
    expect(items.has('scheduling-zone')).toBe(false);
    expect((await freshModule({ 'scheduling-zone': 'Europe/Oslo' })).zones.$viewZone.get()).toBe('Europe/Oslo');
  });

  it('takes a zone the browser does not know as the visitor’s own', async () => {
    const { zones, items } = await freshModule();
    zones.chooseViewZone('Mars/Olympus_Mons');
    expect(zones.$viewZone.get()).toBe('');
    expect(items.has('scheduling-zone')).toBe(false);
    expect(zones.viewerOf('Mars/Olympus_Mons').name(0)).toBe('your time');
  });
});
