// Tags, which posts and projects share: each has a page listing both (/tags/<slug>).

/** A tag's place in a URL: `Web Performance` is /tags/web-performance. */
export function tagSlug(tag: string): string {
  return tag
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A tag's page. */
export const tagPath = (tag: string): string => `/tags/${tagSlug(tag)}`;
