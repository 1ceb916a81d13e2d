// Brings the search page to life with the first query: the box's first input, or a query typed
// before the site script came or given in the address (?q=). Until then the page loads nothing of
// the search's, and no other page ever does.
export function mountSiteSearch(root: HTMLElement): void {
  const box = root.querySelector<HTMLInputElement>('input[name="q"]')!;
  const load = () => void import('./site-search.ts').then((search) => search.mountSiteSearch(root));
  if (box.value || new URLSearchParams(location.search).has('q')) return load();
  box.addEventListener('input', load, { once: true });
}
