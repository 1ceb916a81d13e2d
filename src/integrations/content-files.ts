// The owner's Markdown as the build reads it from disk, for the steps that need it outside Astro's
// collections (the chatbot's passages) and for the tests: posts (front matter checked by the
// blog's own schema), the projects' write-ups and the about page's Markdown.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { POST_FIELDS, type PostFields } from '../features/blog/schema.ts';

const CONTENT = join(import.meta.dirname, '../content');

export interface PostFile extends PostFields {
  id: string;
  body: string;
}

function markdownFiles(folder: string): { id: string; text: string }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => ({ id: file.replace(/\.md$/, ''), text: readFileSync(join(folder, file), 'utf8') }));
}

/** Every post in src/content/blog/, drafts too, newest first. */
export function postFiles(folder = join(CONTENT, 'blog')): PostFile[] {
  return markdownFiles(folder)
    .map(({ id, text }) => {
      const [, frontMatter = '', body = ''] = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text) ?? [];
      return { id, ...POST_FIELDS.parse(parseYaml(frontMatter)), body };
    })
    .sort((a, b) => b.published.getTime() - a.published.getTime() || a.id.localeCompare(b.id));
}

/** Each project's write-up (src/content/projects/<id>.md), by project id. */
export function writeUpFiles(folder = join(CONTENT, 'projects')): Map<string, string> {
  return new Map(markdownFiles(folder).map(({ id, text }) => [id, text]));
}

/** The about page's Markdown after "About me" (src/content/about.md), or '' when the owner has none. */
export function aboutFile(file = join(CONTENT, 'about.md')): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}
