import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Guest } from '../../content/wedding-guests.ts';
import type { ConsoleRsvp } from './schema.ts';

const api = vi.hoisted(() => ({ fetchGuests: vi.fn(), runGuestAction: vi.fn(), markExported: vi.fn() }));
vi.mock('./api-client.ts', () => api);

const guest = (name: string) => ({ g1FullName: name }) as Guest;
const rsvp = (lastExportAt: number | null = null): ConsoleRsvp => ({
  readAt: 1_000,
  lastExportAt,
  links: 'ready',
  households: { 'ada lovelace': { link: 'T'.repeat(32), answeredAt: null, changedAt: null } },
});

describe('wedding console store', () => {
  // A fresh module per test: cleanStores also removes the store's onMount loader.
  let store: typeof import('./store.ts');
  beforeEach(async () => {
    vi.resetModules();
    store = await import('./store.ts');
  });
  afterEach(() => {
    cleanStores(store.$guests, store.$rsvp);
    vi.resetAllMocks();
  });

  it('loads the list and its RSVP details when the console first shows it', async () => {
    api.fetchGuests.mockResolvedValue({ status: 'Success', guests: [guest('Ada Lovelace')], rsvp: rsvp() });
    expect(store.$guests.get()).toBeNull();
    const stop = store.$guests.listen(() => {});
    await allTasks();
    await vi.waitFor(() => expect(store.$guests.get()).toEqual([guest('Ada Lovelace')]));
    expect(store.$rsvp.get()).toEqual(rsvp());
    stop();
  });

  it('keeps working with a server that sends the spec’s answer alone', async () => {
    api.fetchGuests.mockResolvedValue({ status: 'Success', guests: [guest('Ada Lovelace')] });
    await store.loadGuests();
    expect(store.$guests.get()).toEqual([guest('Ada Lovelace')]);
    expect(store.$rsvp.get()).toBeNull();
  });

  it('shows an empty list, not a spinner forever, when the first load fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchGuests.mockRejectedValue(new Error('503'));
    const stop = store.$guests.listen(() => {});
    await vi.waitFor(() => expect(store.$guests.get()).toEqual([]));
    expect(console.error).toHaveBeenCalledWith('An error occurred fetching guests.', expect.any(Error));
    stop();
  });

  it('reloads after an action, and still after a failed one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchGuests.mockResolvedValue({ status: 'Success', guests: [guest('Bo Diddley')] });
    api.runGuestAction.mockRejectedValueOnce(new Error('403'));
    await store.runAction('drop-guests');
    expect(api.runGuestAction).toHaveBeenCalledWith('drop-guests');
    expect(console.error).toHaveBeenCalledWith('An error occurred running drop-guests.', expect.any(Error));
    expect(store.$guests.get()).toEqual([guest('Bo Diddley')]);
  });

  it('records an export as of the list it was made from, and keeps the marks when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchGuests.mockResolvedValue({ status: 'Success', guests: [guest('Ada Lovelace')], rsvp: rsvp() });
    await store.loadGuests();
    api.markExported.mockResolvedValueOnce({ status: 'Success', lastExportAt: 1_000 });
    await store.recordExport();
    expect(api.markExported).toHaveBeenCalledWith(1_000);
    expect(store.$rsvp.get()?.lastExportAt).toBe(1_000);

    api.markExported.mockRejectedValueOnce(new Error('429'));
    store.$rsvp.set(rsvp(null));
    await store.recordExport();
    expect(store.$rsvp.get()?.lastExportAt).toBeNull();
    expect(console.error).toHaveBeenCalledWith('An error occurred recording the export.', expect.any(Error));
  });
});
