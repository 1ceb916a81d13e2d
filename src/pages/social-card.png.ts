// /social-card.png, the link-preview picture, drawn from the site config at build time (src/lib/social-card.ts).
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { socialCard } from '../content/site.config.ts';
import { socialCardSvg } from '../lib/social-card.ts';

export const GET: APIRoute = async () => {
  const svg = socialCardSvg(socialCard.headline, socialCard.subline);
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
