// /rss.xml, the blog's feed: every post built, newest first.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { owner } from '../../content/site.config.ts';
import { posts } from '../../features/blog/components/posts.ts';
import { postPath } from '../../features/blog/logic.ts';

export const GET: APIRoute = async ({ site }) =>
  rss({
    title: `${owner.name} · Blog`,
    description: `What ${owner.name} writes about building for the web.`,
    site: site!,
    // The site's own spelling of its links (src/lib/canonical.ts).
    trailingSlash: false,
    items: (await posts()).map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.published,
      link: postPath(post.id),
      categories: post.data.tags,
    })),
  });
