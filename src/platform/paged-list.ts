// A list read a page at a time, newest first (src/lib/page-cursor.ts): its first page loads when a
// component first shows it, each older page on request, added below the ones shown.
import { atom, onMount, task } from 'nanostores';

export interface PagedList<T> {
  status: 'loading' | 'ready' | 'failed';
  items: T[];
  /** The cursor of the next (older) page; null on the last. */
  next: string | null;
  /** A further page is on its way, or failed to come. */
  more: 'idle' | 'loading' | 'failed';
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The list's atom and its loads. `failed` hears each failure first and answers true when it has
 * dealt with it (a session that ended); otherwise the failure is logged and shown as the state.
 */
export function pagedList<T>(
  fetchPage: (before?: string) => Promise<Page<T>>,
  failed: (error: unknown) => boolean = () => false,
) {
  const notLoaded: PagedList<T> = { status: 'loading', items: [], next: null, more: 'idle' };
  const $list = atom<PagedList<T>>(notLoaded);

  /** Loads the first page, again when called again (Try again). */
  async function load(): Promise<void> {
    $list.set(notLoaded);
    try {
      const { items, nextCursor } = await task(() => fetchPage());
      $list.set({ status: 'ready', items, next: nextCursor, more: 'idle' });
    } catch (error) {
      if (failed(error)) return;
      console.error('Failed to load a list.', error);
      $list.set({ ...notLoaded, status: 'failed' });
    }
  }

  /** Loads the next (older) page and adds it below the ones shown. */
  async function loadMore(): Promise<void> {
    const shown = $list.get();
    if (!shown.next || shown.more === 'loading') return;
    $list.set({ ...shown, more: 'loading' });
    try {
      const { items, nextCursor } = await fetchPage(shown.next);
      $list.set({ status: 'ready', items: [...shown.items, ...items], next: nextCursor, more: 'idle' });
    } catch (error) {
      if (failed(error)) return;
      console.error('Failed to load more of a list.', error);
      $list.set({ ...shown, more: 'failed' });
    }
  }

  /** Changes one item where it is shown, as the server now has it. */
  function update(match: (item: T) => boolean, change: (item: T) => T): void {
    const shown = $list.get();
    $list.set({ ...shown, items: shown.items.map((item) => (match(item) ? change(item) : item)) });
  }

  onMount($list, () => {
    if ($list.get().status !== 'ready') void load();
  });
  return { $list, load, loadMore, update };
}
