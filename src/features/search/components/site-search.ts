// The search page's behaviour, loaded with its first query (mount.ts): Pagefind's script and index
// load then, each change of the box shows its results, and the address keeps the query (?q=).
import { excerptParts, resultCount, resultPath } from '../logic.ts';

interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface Pagefind {
  debouncedSearch(
    query: string,
    options: object,
    waitMs: number,
  ): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}

/** Results shown at most. */
const SHOWN = 10;
/**
 * How long the box is still before it searches: a word typed at speed is one search (Pagefind's own wait is 300 ms).
 */
const TYPING_PAUSE_MS = 120;

function resultItem({ url, excerpt, meta }: PagefindResult): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = resultPath(url);
  link.textContent = meta.title ?? resultPath(url);
  const text = document.createElement('p');
  for (const part of excerptParts(excerpt)) {
    if (!part.match) text.append(part.text);
    else text.append(Object.assign(document.createElement('mark'), { textContent: part.text }));
  }
  item.append(link, text);
  return item;
}

export function mountSiteSearch(root: HTMLElement): void {
  const form = root.querySelector('form')!;
  const box = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const status = root.querySelector<HTMLElement>('[data-search-status]')!;
  const list = root.querySelector<HTMLOListElement>('[data-search-results]')!;
  // Pagefind's own module, beside its index: a path the bundler must leave alone.
  const script = '/pagefind/pagefind.js';
  let pagefind: Promise<Pagefind> | undefined;

  async function show(query: string): Promise<void> {
    const address = new URL(location.href);
    if (query.trim() === '') {
      list.replaceChildren();
      status.textContent = '';
      address.searchParams.delete('q');
      history.replaceState(history.state, '', address);
      return;
    }
    let search: Awaited<ReturnType<Pagefind['debouncedSearch']>>;
    let results: PagefindResult[];
    try {
      pagefind ??= import(/* @vite-ignore */ script) as Promise<Pagefind>;
      search = await (await pagefind).debouncedSearch(query, {}, TYPING_PAUSE_MS);
      if (search === null || query !== box.value) return; // a later keystroke took over
      results = await Promise.all(search.results.slice(0, SHOWN).map((result) => result.data()));
    } catch {
      pagefind = undefined; // the next keystroke tries again
      status.textContent = 'Search could not load. Check your connection and try again.';
      return;
    }
    if (query !== box.value) return;
    list.replaceChildren(...results.map(resultItem));
    status.textContent = resultCount(search.results.length, query);
    address.searchParams.set('q', query);
    history.replaceState(history.state, '', address);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show(box.value);
  });
  box.addEventListener('input', () => void show(box.value));
  // Typed before this script came, or given in the address.
  box.value = box.value || (new URLSearchParams(location.search).get('q') ?? '');
  void show(box.value);
}
