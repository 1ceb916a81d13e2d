// The search results' text: Pagefind gives each result an excerpt as HTML, its words escaped and
// the matches in <mark>. The page shows it as text and marks, never as HTML.

/** A piece of an excerpt: plain text, or a match to mark. */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

function unescape(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
}

/** The excerpt as parts: its matches (inside <mark>) apart from the rest; any other tag dropped. */
export function excerptParts(excerpt: string): ExcerptPart[] {
  return excerpt
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: unescape(piece), match: piece.startsWith('<mark>') }))
    .filter((part) => part.text !== '');
}

/** A result's address as the site writes its own links: no trailing slash. */
export function resultPath(url: string): string {
  return url.length > 1 ? url.replace(/\/$/, '') : url;
}

/** What the results say to a screen reader and under the box. */
export function resultCount(count: number, query: string): string {
  if (count === 0) return `Nothing found for “${query.trim()}”.`;
  return `${count} ${count === 1 ? 'page' : 'pages'} found for “${query.trim()}”.`;
}
