import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Guest } from '../../content/wedding-guests.ts';

const api = vi.hoisted(() => ({ fetchGuests: vi.fn(), runGuestAction: vi.fn() }));
vi.mock('./api-client.ts', () => api);

const guest = (name: string) => ({ g1FullName: name }) as Guest;

describe('wedding console store', () => {
  // A fresh module per test: cleanStores also removes the store's onMount loader.
  let $guests: (typeof import('./store.ts'))['$guests'];
  let runAction: (typeof import('./store.ts'))['runAction'];
  beforeEach(async () => {
    vi.resetModules();
    ({ $guests, runAction } = await import('./store.ts'));
  });
  afterEach(() => {
    cleanStores($guests);
    vi.resetAllMocks();
  });

  it('loads the list when the console first shows it', async () => {
    api.fetchGuests.mockResolvedValue([guest('Ada Lovelace')]);
    expect($guests.get()).toBeNull();
    const stop = $guests.listen(() => {});
    await allTasks();
    await vi.waitFor(() => expect($guests.get()).toEqual([guest('Ada Lovelace')]));
    stop();
  });

  it('shows an empty list, not a spinner forever, when the first load fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchGuests.mockRejectedValue(new Error('503'));
    const stop = $guests.listen(() => {});
    await vi.waitFor(() => expect($guests.get()).toEqual([]));
    expect(console.error).toHaveBeenCalledWith('An error occurred fetching guests.', expect.any(Error));
    stop();
  });

  it('reloads after an action, and still after a failed one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchGuests.mockResolvedValue([guest('Bo Diddley')]);
    api.runGuestAction.mockRejectedValueOnce(new Error('403'));
    await runAction('drop-guests');
    expect(api.runGuestAction).toHaveBeenCalledWith('drop-guests');
    expect(console.error).toHaveBeenCalledWith('An error occurred running drop-guests.', expect.any(Error));
    expect($guests.get()).toEqual([guest('Bo Diddley')]);
  });
});
