// /blog/<slug>/card.png, a post's link-preview picture, drawn at build as the site's card is.
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { owner } from '../../../../content/site.config.ts';
import { postDate, posts, type PostEntry } from '../../../../features/blog/components/posts.ts';
import { socialCardSvg } from '../../../../lib/social-card.ts';

export const getStaticPaths = (async () =>
  (await posts()).map((post) => ({ params: { slug: post.id }, props: { post } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { post } = props as { post: PostEntry };
  const svg = socialCardSvg(post.data.title, `${owner.name} · ${postDate(post.data.published)}`);
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
