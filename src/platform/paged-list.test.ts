import { describe, expect, it, vi } from 'vitest';
import { type Page, pagedList } from './paged-list.ts';

/** Pages of numbers: 1–3, then 4–5, the cursor being the last number shown. */
const PAGES: Record<string, Page<number>> = {
  '': { items: [1, 2, 3], nextCursor: '3' },
  '3': { items: [4, 5], nextCursor: null },
};

describe('a paged list', () => {
  it('loads its first page when first shown, then each older page below it, and stops at the last', async () => {
    const fetchPage = vi.fn(async (before?: string) => PAGES[before ?? '']!);
    const list = pagedList(fetchPage);
    const unsubscribe = list.$list.listen(() => undefined);
    await vi.waitFor(() => expect(list.$list.get().status).toBe('ready'));
    expect(list.$list.get()).toEqual({ status: 'ready', items: [1, 2, 3], next: '3', more: 'idle' });
    await list.loadMore();
    expect(list.$list.get()).toEqual({ status: 'ready', items: [1, 2, 3, 4, 5], next: null, more: 'idle' });
    await list.loadMore();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    list.update(
      (item) => item === 4,
      (item) => item * 10,
    );
    expect(list.$list.get().items).toEqual([1, 2, 3, 40, 5]);
    unsubscribe();
  });

  it('says when a page failed, keeps what it shows, and leaves an ended session to its handler', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: Error | undefined;
    const handled = vi.fn((error: unknown) => error instanceof Error && error.message === 'ended');
    const list = pagedList(async (before?: string) => {
      if (fail) throw fail;
      return PAGES[before ?? '']!;
    }, handled);
    await list.load();
    fail = new Error('offline');
    await list.loadMore();
    expect(list.$list.get()).toMatchObject({ status: 'ready', items: [1, 2, 3], more: 'failed' });
    await list.load();
    expect(list.$list.get()).toMatchObject({ status: 'failed', items: [] });
    fail = new Error('ended');
    await list.load();
    expect(list.$list.get().status).toBe('loading');
    expect(handled).toHaveBeenCalledTimes(3);
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});
