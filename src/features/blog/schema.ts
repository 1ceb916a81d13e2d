// What a post's front matter holds, checked when the site builds (src/content.config.ts): a post
// with a bad field fails the build, naming the field. Astro's content schemas are zod.
import { z } from 'astro/zod';

const tag = z.string().trim().min(1).max(40);

export const POST_FIELDS = z.strictObject({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(300),
  published: z.coerce.date(),
  updated: z.coerce.date().optional(),
  tags: z.array(tag).max(8).default([]),
  /** Shown by `npm run dev`, never built for production. */
  draft: z.boolean().default(false),
});

export type PostFields = z.infer<typeof POST_FIELDS>;
