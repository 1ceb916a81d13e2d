// The content collections: data the owner edits, checked against a schema at build time so a
// typo in a link or a missing thumbnail fails the build instead of shipping a broken card.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';
import { GALLERY_GROUPS, IMAGES_PER_GROUP } from './features/gallery/logic.ts';
import { PICKLE_TYPES } from './features/shop/catalogue.ts';

const projects = defineCollection({
  // One YAML list; thumbnails resolve relative to the file.
  loader: file('src/content/projects/projects.yaml'),
  schema: ({ image }) =>
    z
      .object({
        id: z.string().regex(/^[a-z0-9-]+$/, 'ids are lower-case words joined by hyphens'),
        /** The card's place in the grid, 1 first (collections come back in no particular order). */
        order: z.number().int().positive(),
        title: z.string().min(1),
        description: z.string().min(1),
        /** Where the source lives; shown as the Github link when publicGithub is set. */
        codeLink: z.url({ protocol: /^https$/ }).optional(),
        /** A site path (`/chatbot`) for demos on this site, or a full https URL. */
        demoLink: z.string().optional(),
        thumbnail: image(),
        thumbnailAlt: z.string().min(1),
        liveDemo: z.boolean(),
        externalLink: z.boolean(),
        publicGithub: z.boolean(),
      })
      .refine((project) => !project.liveDemo || project.demoLink, {
        message: 'a project with liveDemo needs a demoLink',
      })
      .refine((project) => !project.publicGithub || project.codeLink, {
        message: 'a project with publicGithub needs a codeLink',
      })
      .refine(
        ({ demoLink, externalLink }) =>
          !demoLink || (externalLink ? /^https:\/\/[^/]/.test(demoLink) : /^\/[a-z0-9_/-]*$/.test(demoLink)),
        { message: 'an external demoLink is an https URL; an internal one is a site path like /chatbot' },
      ),
});

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

export const collections = { projects, products, gallery };
