// The content collections: data the owner edits, checked against a schema at build time so a
// typo in a link or a missing thumbnail fails the build instead of shipping a broken card.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { POST_FIELDS } from './features/blog/schema.ts';
import { PROJECT_PAGE_FIELDS } from './features/projects/schema.ts';
import { GALLERY_GROUPS, IMAGES_PER_GROUP } from './features/gallery/logic.ts';
import { PICKLE_TYPES } from './features/shop/logic.ts';

/** The shop's three products: one card each on the products page. */
const products = defineCollection({
  loader: file('src/content/shop/products.yaml'),
  schema: ({ image }) =>
    z.object({
      id: z.string().regex(/^[a-z0-9-]+$/),
      type: z.enum(PICKLE_TYPES),
      image: image(),
      alt: z.string().min(1),
      description: z.string().min(1),
    }),
});

/** The gallery: eight images in each of six groups (drop real photos in place of the drawings). */
const gallery = defineCollection({
  loader: file('src/content/shop/gallery.yaml'),
  schema: ({ image }) =>
    z.object({
      id: z.string(),
      group: z.enum(GALLERY_GROUPS),
      index: z
        .number()
        .int()
        .min(0)
        .max(IMAGES_PER_GROUP - 1),
      image: image(),
      alt: z.string().min(1),
    }),
});

/** Blog posts, one Markdown file each (its name is the post's URL): a bad field fails the build. */
const posts = defineCollection({
  loader: glob({ pattern: '*.md', base: 'src/content/blog' }),
  schema: POST_FIELDS,
});

/** The projects' write-ups, src/content/projects/<id>.md, for the site config's projects. */
const projectPages = defineCollection({
  loader: glob({ pattern: '*.md', base: 'src/content/projects' }),
  schema: PROJECT_PAGE_FIELDS,
});

export const collections = { products, gallery, posts, projectPages };
