// One spelling per page: every URL the site names for itself (canonical links, Open Graph, the
// sitemap) is absolute and has no trailing slash, as our own links write it.

/** Returns the absolute canonical URL of a page path, e.g. `/about/` → `https://site/about`. */
export function canonicalUrl(pathname: string, site: URL | string): string {
  const path = pathname.replace(/\/index\.html$/, '/').replace(/(.)\/+$/, '$1');
  return new URL(path, site).href;
}
