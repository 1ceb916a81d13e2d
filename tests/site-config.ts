// The site's config as the tests read it: the owner's own (src/content/site.config.ts), so the
// suites check what this site shows, and skip what its owner switched off, by the same switch.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { features } from '../src/content/site.config.ts';
import { POST_FIELDS } from '../src/features/blog/schema.ts';
import { type Feature, isServed } from '../src/lib/features.ts';

export * from '../src/content/site.config.ts';

/** Why a test of a switched-off feature is skipped: `test.skip(!features.shop, switchedOff('shop'))`. */
export function switchedOff(feature: Feature): string {
  return `the ${feature} feature is switched off in src/content/site.config.ts`;
}

/** The paths the site serves with its config: a switched-off feature's are left out. */
export function served<T extends string>(paths: readonly T[]): T[] {
  return paths.filter((path) => isServed(path, features));
}

/** A post as its Markdown file gives it (src/content/blog/<id>.md), checked by the site's own schema. */
export interface WrittenPost {
  id: string;
  title: string;
  published: Date;
  tags: string[];
  draft: boolean;
  hasCode: boolean;
}

/** Every post the owner wrote, drafts too, newest first, as the blog lists them. */
export function writtenPosts(): WrittenPost[] {
  const folder = 'src/content/blog';
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const text = readFileSync(`${folder}/${file}`, 'utf8');
      const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
      const fields = POST_FIELDS.parse(parseYaml(frontMatter));
      return { id: file.replace(/\.md$/, ''), ...fields, hasCode: body.includes('```') };
    })
    .sort((a, b) => b.published.getTime() - a.published.getTime() || a.id.localeCompare(b.id));
}
