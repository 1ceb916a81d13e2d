// The posts this build shows, from the `posts` collection (src/content.config.ts): drafts under
// `npm run dev` only.
import { getCollection } from 'astro:content';
import { builtPosts } from '../logic.ts';

export async function posts() {
  return builtPosts(await getCollection('posts'), import.meta.env.DEV);
}

export type PostEntry = Awaited<ReturnType<typeof posts>>[number];

/** A date as the posts show it: "14 October 2026", in UTC as the front matter wrote it. */
export function postDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
