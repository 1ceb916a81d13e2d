// The blog's rules: which posts are built, their order, reading time, neighbours and tags.
import type { PostFields } from './schema.ts';

/** A post as the collection gives it: its id (the file name, the URL's slug), fields and text. */
export interface Post {
  id: string;
  data: PostFields;
  body?: string;
}

/** Posts a page lists on /blog, ten at a time. */
export const POSTS_PER_PAGE = 10;

/** Words a minute, for the reading time. */
const READING_SPEED = 220;

/** The posts built, newest first: drafts only where `showDrafts` (`npm run dev`), never in production. */
export function builtPosts<P extends Post>(posts: readonly P[], showDrafts: boolean): P[] {
  return posts
    .filter((post) => showDrafts || !post.data.draft)
    .sort((a, b) => b.data.published.getTime() - a.data.published.getTime() || a.id.localeCompare(b.id));
}

/** Minutes a post takes to read, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/\s+/)
    .filter((word) => /\w/.test(word)).length;
  return Math.max(1, Math.round(words / READING_SPEED));
}

/** The posts either side of `id` in the list (newest first): the newer one and the older one. */
export function neighbours<P extends Post>(posts: readonly P[], id: string): { newer?: P; older?: P } {
  const at = posts.findIndex((post) => post.id === id);
  return { newer: at > 0 ? posts[at - 1] : undefined, older: at >= 0 ? posts[at + 1] : undefined };
}

/** A post's page. */
export const postPath = (id: string): string => `/blog/${id}`;
